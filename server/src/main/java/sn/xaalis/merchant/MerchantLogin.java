package sn.xaalis.merchant;

import java.util.UUID;

/** What signing in to the portal needs: who, and the password hash to check against. */
public record MerchantLogin(UUID merchantId, String email, String name, String passwordHash, boolean totpEnabled) {

    @Override
    public String toString() {
        return "MerchantLogin[" + merchantId + ", " + email + "]";
    }
}
