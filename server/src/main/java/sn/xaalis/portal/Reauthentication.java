package sn.xaalis.portal;

import jakarta.servlet.http.HttpServletRequest;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.MerchantCredentials;

/**
 * Proof, before a sensitive change, that the person at the screen is the merchant: a code from their
 * authenticator app when they enrolled one, else their password. Failures count toward the sign-in
 * throttle, so this is no way around it.
 */
@Component
public class Reauthentication {

    private final MerchantAuthentication authentication;
    private final MerchantCredentials merchants;

    Reauthentication(MerchantAuthentication authentication, MerchantCredentials merchants) {
        this.authentication = authentication;
        this.merchants = merchants;
    }

    /** Whether this merchant proves it with a one-time code (else with the password). */
    public boolean asksForCode(PortalUser user) {
        return merchants.totpEnabled(user.merchantId(), user.memberId());
    }

    /**
     * @param password the password typed, when {@link #asksForCode} is false
     * @param code the one-time code typed, when it is true
     */
    public boolean confirms(
            PortalUser user, @Nullable String password, @Nullable String code, HttpServletRequest request) {
        return asksForCode(user)
                // nothing typed is a wrong answer, counted like one
                ? authentication.confirmCode(user, Objects.requireNonNullElse(code, ""), request.getRemoteAddr())
                : authentication.confirmPassword(
                        user, Objects.requireNonNullElse(password, ""), request.getRemoteAddr());
    }
}
