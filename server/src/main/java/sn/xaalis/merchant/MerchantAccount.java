package sn.xaalis.merchant;

/** A merchant just created: who signs in to the portal. */
public record MerchantAccount(MerchantId id, String name, String email) {}
