/** What a paying customer sees: the hosted payment page, the sandbox checkout, the page back from a provider. */
package sn.xaalis.checkout;
