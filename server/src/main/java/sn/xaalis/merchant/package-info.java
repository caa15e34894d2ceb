/** Merchants, their applications and settings, provider activation, API keys and key authentication. */
@NullMarked
package sn.xaalis.merchant;

import org.jspecify.annotations.NullMarked;
