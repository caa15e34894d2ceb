/**
 * Merchant verification before live payments: the legal details and documents a merchant gives in the
 * portal, kept for operators only, and the operator's approval or refusal with a reason the merchant reads.
 */
@NullMarked
package sn.xaalis.verification;

import org.jspecify.annotations.NullMarked;
