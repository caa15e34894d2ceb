/**
 * Egress: which network addresses Xaalis may call for merchants (D12) — public ones only, unless the
 * operator allows a private range — checked when an address is saved and again when it is resolved.
 */
@NullMarked
package sn.xaalis.egress;

import org.jspecify.annotations.NullMarked;
