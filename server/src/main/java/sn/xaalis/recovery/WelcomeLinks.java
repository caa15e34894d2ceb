package sn.xaalis.recovery;

import java.util.Locale;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.merchant.MerchantAccount;

/**
 * The welcome of an account someone else created (an operator, in the console): an e-mail to its holder
 * with a link to choose the first password, valid a week and once, the same link a forgotten password
 * gets. Nobody else ever knows the account's password.
 */
@Service
public class WelcomeLinks {

    private final PasswordResets resets;

    WelcomeLinks(PasswordResets resets) {
        this.resets = resets;
    }

    /** Queues the welcome in the caller's transaction, so that the account and its e-mail commit together. */
    @Transactional(propagation = Propagation.MANDATORY)
    public void send(MerchantAccount account, Locale locale) {
        resets.welcome(account.id(), account.name(), account.email(), locale);
    }
}
