/** Forgotten passwords: a single-use link by e-mail, valid an hour, that ends every session when used. */
@NullMarked
package sn.xaalis.recovery;

import org.jspecify.annotations.NullMarked;
