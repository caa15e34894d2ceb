package sn.xaalis.portal;

import java.io.Serializable;
import java.util.List;
import java.util.Locale;
import org.jspecify.annotations.Nullable;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.SimpleGrantedAuthority;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.MerchantCredentials;
import sn.xaalis.merchant.MerchantLogin;
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.PublicLimits;

/**
 * Checks the email and password (bcrypt) of a merchant account's holder or of a member of its team,
 * behind the login throttle; the signed-in person carries their role.
 */
@Component
class MerchantAuthentication implements AuthenticationProvider {

    private final MerchantCredentials merchants;
    private final LoginThrottle throttle;
    private final PublicBudgets.Budget signIns;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();
    // Compared against when the email is unknown, so both paths cost one bcrypt check.
    private final String noSuchHash = passwords.encode(RandomTokens.hex(16));

    MerchantAuthentication(
            MerchantCredentials merchants, LoginThrottle throttle, PublicBudgets budgets, PublicLimits limits) {
        this.merchants = merchants;
        this.throttle = throttle;
        this.signIns = budgets.budget("sign-in-per-address", limits.signInPerAddress());
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String email = authentication.getName() == null
                ? ""
                : authentication.getName().trim().toLowerCase(Locale.ROOT);
        String password = authentication.getCredentials() == null
                ? ""
                : authentication.getCredentials().toString();
        String address = authentication.getDetails() instanceof LoginDetails details ? details.address() : "unknown";
        String code = authentication.getDetails() instanceof LoginDetails details ? details.code() : null;
        // Every attempt from an address, failed or not, before any password is hashed: a flood costs
        // neither the database's throttle rows nor the CPU's bcrypt.
        if (!signIns.spend(ClientAddresses.key(address)).allowed()) {
            throw new LockedException("Too many sign-ins from this address");
        }
        LoginThrottle.Attempt attempt = throttle.attempt(email, address);
        if (!attempt.allowed()) {
            throw new LockedException("Too many failed sign-ins");
        }
        var login = merchants.login(email);
        boolean matches = passwords.matches(
                password, login.map(MerchantLogin::passwordHash).orElse(noSuchHash));
        if (login.isEmpty() || !matches) {
            throw new BadCredentialsException("Wrong email or password"); // the attempt stays counted
        }
        MerchantLogin merchant = login.get();
        if (merchant.totpEnabled() && !merchants.verifyTotp(merchant.merchantId(), merchant.memberId(), code)) {
            throw new BadCredentialsException("Wrong email, password or code");
        }
        throttle.succeeded(attempt);
        // The role's authority is for whatever reads authorities; the portal's rules read the principal's
        // role, which a session stored before teams (ROLE_MERCHANT alone) reads back as an owner's.
        var signedIn = UsernamePasswordAuthenticationToken.authenticated(
                new PortalUser(
                        merchant.merchantId(), merchant.email(), merchant.name(), merchant.role(), merchant.memberId()),
                null,
                List.of(
                        new SimpleGrantedAuthority("ROLE_MERCHANT"),
                        new SimpleGrantedAuthority("ROLE_" + merchant.role().name())));
        // Stored in the session (in the database): the address only, never the one-time code.
        signedIn.setDetails(new LoginDetails(address, null));
        return signedIn;
    }

    /** Re-entering the password before sensitive actions; failures count toward the throttle too. */
    boolean confirmPassword(PortalUser user, String password, String address) {
        LoginThrottle.Attempt attempt = throttle.attempt(user.email(), address);
        if (!attempt.allowed()) {
            return false;
        }
        boolean ok = merchants
                .login(user.email())
                .map(login -> passwords.matches(password == null ? "" : password, login.passwordHash()))
                .orElse(false);
        if (ok) {
            throttle.succeeded(attempt);
        }
        return ok;
    }

    /** A code from the merchant's authenticator app, counted toward the throttle like a password. */
    boolean confirmCode(PortalUser user, String code, String address) {
        LoginThrottle.Attempt attempt = throttle.attempt(user.email(), address);
        if (!attempt.allowed()) {
            return false;
        }
        boolean ok = merchants.verifyTotp(user.merchantId(), user.memberId(), code == null ? "" : code.strip());
        if (ok) {
            throttle.succeeded(attempt);
        }
        return ok;
    }

    /** What the login form sends besides email and password. */
    record LoginDetails(String address, @Nullable String code) implements Serializable {}

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
