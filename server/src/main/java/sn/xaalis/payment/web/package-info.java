/** The merchant API over HTTP: payment requests and answers, actions and provider callbacks. */
@NullMarked
package sn.xaalis.payment.web;

import org.jspecify.annotations.NullMarked;
