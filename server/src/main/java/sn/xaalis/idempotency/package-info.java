/** Idempotency keys (D14): a request repeated under the same key gets the first answer, stored with its work. */
@NullMarked
package sn.xaalis.idempotency;

import org.jspecify.annotations.NullMarked;
