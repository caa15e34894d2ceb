package sn.xaalis.operator;

import java.io.Serializable;
import java.time.Duration;
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
import sn.xaalis.platform.ClientAddresses;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.ratelimit.Allowance;
import sn.xaalis.ratelimit.PublicBudgets;
import sn.xaalis.ratelimit.PublicLimits;

/**
 * An operator signs in with e-mail, password and a code from their authenticator app, all three every
 * time. Attempts are counted per address and per account for the whole cluster before any password is
 * hashed; an unknown address costs the same bcrypt check as a known one.
 */
@Component
class OperatorAuthentication implements AuthenticationProvider {

    /** Ten tries of one account in a quarter of an hour, from anywhere. */
    static final Allowance PER_ACCOUNT = new Allowance(10, Duration.ofMinutes(15));

    private final OperatorAccounts accounts;
    private final PublicBudgets.Budget perAddress;
    private final PublicBudgets.Budget perAccount;
    private final String noSuchHash = new BCryptPasswordEncoder().encode(RandomTokens.hex(16));

    OperatorAuthentication(OperatorAccounts accounts, PublicBudgets budgets, PublicLimits limits) {
        this.accounts = accounts;
        this.perAddress = budgets.budget("operator-sign-in-per-address", limits.signInPerAddress());
        this.perAccount = budgets.budget("operator-sign-in-per-account", PER_ACCOUNT);
    }

    @Override
    public Authentication authenticate(Authentication authentication) {
        String email = authentication.getName() == null
                ? ""
                : authentication.getName().strip().toLowerCase(Locale.ROOT);
        String password = authentication.getCredentials() == null
                ? ""
                : authentication.getCredentials().toString();
        Details details = authentication.getDetails() instanceof Details d ? d : new Details("unknown", null);
        if (!perAddress.spend(ClientAddresses.key(details.address())).allowed()
                || !perAccount.spend(email).allowed()) {
            throw new LockedException("Too many sign-ins");
        }
        var operator = accounts.login(email);
        boolean matches = accounts.passwordMatches(
                password, operator.map(Operators.Row::passwordHash).orElse(noSuchHash));
        if (operator.isEmpty() || !matches || !accounts.verifyCode(operator.get(), details.code())) {
            throw new BadCredentialsException("Wrong email, password or code");
        }
        Operators.Row row = operator.get();
        var signedIn = UsernamePasswordAuthenticationToken.authenticated(
                new OperatorUser(row.id(), row.email(), row.name()),
                null,
                List.of(new SimpleGrantedAuthority("ROLE_OPERATOR")));
        signedIn.setDetails(new Details(details.address(), null)); // never the code in the session
        return signedIn;
    }

    /** What the sign-in form sends besides e-mail and password. */
    record Details(String address, @Nullable String code) implements Serializable {}

    @Override
    public boolean supports(Class<?> authentication) {
        return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
    }
}
