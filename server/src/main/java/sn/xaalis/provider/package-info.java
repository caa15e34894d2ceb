/** The port to mobile-money providers: session creation and the sandbox simulator behind it. */
package sn.xaalis.provider;
