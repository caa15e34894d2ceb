/** Payouts: money sent from a merchant's provider accounts to mobile numbers, once, within its daily caps. */
@NullMarked
package sn.xaalis.payout;

import org.jspecify.annotations.NullMarked;
