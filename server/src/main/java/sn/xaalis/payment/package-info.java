/** Payments: initiation, status, the lifecycle of a payment and the merchant API that exposes it. */
package sn.xaalis.payment;
