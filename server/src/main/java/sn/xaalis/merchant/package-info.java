/** Merchants, their applications and settings, provider activation, API keys and key authentication. */
package sn.xaalis.merchant;
