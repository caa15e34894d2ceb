package sn.xaalis.merchant;

import org.jspecify.annotations.Nullable;

/**
 * What signing in to the portal needs: who, and the password hash to check against.
 *
 * @param memberId the team member signing in; null for the account's holder (an owner)
 */
public record MerchantLogin(
        MerchantId merchantId,
        String email,
        String name,
        String passwordHash,
        boolean totpEnabled,
        MerchantRole role,
        @Nullable MemberId memberId) {

    /** The account's holder. */
    public MerchantLogin(MerchantId merchantId, String email, String name, String passwordHash, boolean totpEnabled) {
        this(merchantId, email, name, passwordHash, totpEnabled, MerchantRole.OWNER, null);
    }

    @Override
    public String toString() {
        return "MerchantLogin[" + merchantId + ", " + email + ", " + role.code() + "]";
    }
}
