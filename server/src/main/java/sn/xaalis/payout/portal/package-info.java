/** The portal's Payouts page: turning payouts on, one payout with its confirmation, bulk files, reviews. */
@NullMarked
package sn.xaalis.payout.portal;

import org.jspecify.annotations.NullMarked;
