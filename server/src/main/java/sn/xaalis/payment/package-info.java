/** Payments: initiation, status, the lifecycle of a payment and the merchant API that exposes it. */
@NullMarked
package sn.xaalis.payment;

import org.jspecify.annotations.NullMarked;
