package sn.xaalis.merchant;

import org.jspecify.annotations.Nullable;

/**
 * A person's new password, by whatever way (the portal's account page, a reset link): published in the
 * change's transaction, so that whoever listens (the outstanding reset links, spent) writes its part in it.
 *
 * @param member the team member whose password it is; null for the account's holder
 */
public record PasswordChanged(MerchantId merchantId, @Nullable MemberId member) {}
