/**
 * The ledger: whose the money collected on the installation's own provider accounts is, the
 * operator's fees and each merchant's balances, in double entry, posted once per cause in the
 * transaction of the change that causes it.
 */
@NullMarked
package sn.xaalis.ledger;

import org.jspecify.annotations.NullMarked;
