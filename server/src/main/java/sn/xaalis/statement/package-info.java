/**
 * Statements of account: a merchant application's balance at the start and end of any period, every
 * movement between with its running balance, the payments collected on its own connections, as pages,
 * a CSV download, a printable page and a monthly e-mail.
 */
@NullMarked
package sn.xaalis.statement;

import org.jspecify.annotations.NullMarked;
