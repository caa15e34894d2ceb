package sn.xaalis.merchant;

/**
 * A merchant signed up by itself: published in the sign-up's transaction, so that whoever listens (the
 * address's confirmation e-mail) writes its part in it too.
 */
public record MerchantSignedUp(MerchantId merchantId, String name, String email) {}
