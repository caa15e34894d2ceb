/**
 * The Xaalis merchant SDK for Java: {@link sn.xaalis.sdk.XaalisClient} calls the payment API and
 * {@link sn.xaalis.sdk.WebhookVerifier} checks the signed notifications Xaalis sends to your server.
 */
package sn.xaalis.sdk;
