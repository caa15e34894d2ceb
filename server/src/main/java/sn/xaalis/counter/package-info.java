/**
 * The portal's cashier screen: staff at a counter take a payment (a customer's one-time code or a QR
 * code to scan), see its outcome and a receipt, and the day's payments and total.
 */
@NullMarked
package sn.xaalis.counter;

import org.jspecify.annotations.NullMarked;
