/** The port to mobile-money providers: session creation and the sandbox simulator behind it. */
@NullMarked
package sn.xaalis.provider;

import org.jspecify.annotations.NullMarked;
