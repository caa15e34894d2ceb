/** Payment links: a shareable address at which customers start payments for a merchant, in its API, portal and pages. */
@NullMarked
package sn.xaalis.paymentlink;

import org.jspecify.annotations.NullMarked;
