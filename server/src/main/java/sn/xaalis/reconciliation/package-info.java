/**
 * Reconciliation: whether the ledger balances (every transaction sums to zero, every balance equals its
 * entries, every paid payment is posted) and agrees with the installation's provider accounts.
 */
@NullMarked
package sn.xaalis.reconciliation;

import org.jspecify.annotations.NullMarked;
