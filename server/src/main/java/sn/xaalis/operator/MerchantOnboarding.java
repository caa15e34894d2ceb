package sn.xaalis.operator;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.merchant.ApplicationCreation;
import sn.xaalis.merchant.MerchantAccount;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRefusal;
import sn.xaalis.merchant.MerchantSignUp;
import sn.xaalis.merchant.NewApplicationRequest;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.Provider;
import sn.xaalis.recovery.WelcomeLinks;

/**
 * A business an operator signs up for Xaalis from the console: its account (approved for live payments,
 * as the operator's own creation always is), its first application, and the welcome e-mail whose link
 * lets its holder choose the password, all committed together. The operator never knows the password.
 */
@Service
class MerchantOnboarding {

    private final MerchantSignUp signUp;
    private final ApplicationCreation applications;
    private final WelcomeLinks welcome;

    MerchantOnboarding(MerchantSignUp signUp, ApplicationCreation applications, WelcomeLinks welcome) {
        this.signUp = signUp;
        this.applications = applications;
        this.welcome = welcome;
    }

    /**
     * @param locale the language of the welcome e-mail
     * @throws OperatorRefusal with the fields to correct, as message keys
     */
    @Transactional
    MerchantAccount create(String name, String email, Set<Provider> providers, Locale locale) {
        requireProviders(providers, "operator.newMerchant.error.providers");
        MerchantAccount account;
        try {
            // A password nobody knows until the holder chooses theirs with the welcome link.
            account = signUp.createMerchant(name, email, RandomTokens.base62(40));
        } catch (MerchantRefusal.EmailTaken e) {
            throw new OperatorRefusal(Map.of("email", List.of("operator.newMerchant.error.taken")));
        } catch (MerchantRefusal.FieldsInvalid e) {
            throw refusal(e, "operator.newMerchant.error.");
        }
        addApplication(account.id(), account.name(), providers);
        welcome.send(account, locale);
        return account;
    }

    /** Another application of the merchant; its keys are the merchant's to issue in the portal. */
    @Transactional
    void addApplication(MerchantId merchant, String name, Set<Provider> providers) {
        requireProviders(providers, "operator.newApplication.error.providers");
        try {
            applications.createApplication(merchant, new NewApplicationRequest(name, null, null, null, providers));
        } catch (MerchantRefusal.FieldsInvalid e) {
            throw refusal(e, "operator.newApplication.error.");
        }
    }

    /** An application takes payments by at least one provider: checked before anything is written. */
    private static void requireProviders(Set<Provider> providers, String messageKey) {
        if (providers.isEmpty()) {
            throw OperatorRefusal.of("providers", messageKey);
        }
    }

    /** The refused fields as the console's message keys ({@code prefix + field}). */
    private static OperatorRefusal refusal(MerchantRefusal.FieldsInvalid e, String prefix) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        e.errors().keySet().forEach(field -> errors.put(field, List.of(prefix + field)));
        return new OperatorRefusal(errors);
    }
}
