/** Xaalis: the application class that starts every module. */
@NullMarked
package sn.xaalis;

import org.jspecify.annotations.NullMarked;
