package sn.xaalis.merchant;

/** What signing in to the portal needs: who, and the password hash to check against. */
public record MerchantLogin(
        MerchantId merchantId, String email, String name, String passwordHash, boolean totpEnabled) {

    @Override
    public String toString() {
        return "MerchantLogin[" + merchantId + ", " + email + "]";
    }
}
