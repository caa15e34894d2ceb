/**
 * The audit trail (D30): every change a person makes — a merchant's member in the portal, an operator in
 * the console or with an operator token — who, what, when, from where, before and after without secrets;
 * append-only, searchable and exportable.
 */
@NullMarked
package sn.xaalis.audit;

import org.jspecify.annotations.NullMarked;
