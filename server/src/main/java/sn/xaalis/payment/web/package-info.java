/** The merchant API over HTTP: payment requests and answers, actions and provider callbacks. */
package sn.xaalis.payment.web;
