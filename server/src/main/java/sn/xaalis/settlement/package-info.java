/**
 * Settlements: paying a merchant's available balance out to its own number, out of the installation's
 * provider account through the payout machinery, on demand or each day above a minimum.
 */
@NullMarked
package sn.xaalis.settlement;

import org.jspecify.annotations.NullMarked;
