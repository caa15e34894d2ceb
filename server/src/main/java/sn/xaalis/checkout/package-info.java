/** What a paying customer sees: the hosted payment page, the sandbox checkout, the page back from a provider. */
@NullMarked
package sn.xaalis.checkout;

import org.jspecify.annotations.NullMarked;
