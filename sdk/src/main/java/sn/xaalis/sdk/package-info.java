/** Merchant SDK for the Xaalis payment API: client and webhook verification (filled by a later issue). */
package sn.xaalis.sdk;
