package sn.xaalis.merchant;

import java.util.UUID;

/** A merchant just created: who signs in to the portal. */
public record MerchantAccount(UUID id, String name, String email) {}
