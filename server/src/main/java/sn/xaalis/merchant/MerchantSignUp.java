package sn.xaalis.merchant;

import java.time.Clock;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Provider;

/**
 * Creating a merchant: by the operator (approved for live at once) or by the merchant itself in the
 * portal (sandbox-only, with a first application, until the operator approves it; D12).
 */
@Service
public class MerchantSignUp {

    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

    private final Merchants merchants;
    private final AuditTrail audit;
    private final org.springframework.context.ApplicationEventPublisher events;
    private final ApplicationCreation applicationCreation;
    private final Members members;
    private final Clock clock;
    private final MessageSource messages;
    private final BCryptPasswordEncoder passwords = new BCryptPasswordEncoder();

    MerchantSignUp(
            Merchants merchants,
            Members members,
            ApplicationCreation applicationCreation,
            AuditTrail audit,
            org.springframework.context.ApplicationEventPublisher events,
            Clock clock,
            MessageSource messages) {
        this.messages = messages;
        this.events = events;
        this.members = members;
        this.audit = audit;
        this.merchants = merchants;
        this.applicationCreation = applicationCreation;
        this.clock = clock;
    }

    /** The operator's creation: the merchant may go live as soon as an application is ready. */
    @Transactional
    public MerchantAccount createMerchant(@Nullable String name, @Nullable String email, @Nullable String password) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        String cleanName = FieldRules.name(name, errors);
        String cleanEmail = email == null ? "" : email.trim().toLowerCase(Locale.ROOT);
        if (cleanEmail.isEmpty()) {
            errors.put("email", List.of("is required"));
        } else if (cleanEmail.length() > 254 || !EMAIL.matcher(cleanEmail).matches()) {
            errors.put("email", List.of("must be a valid email address"));
        }
        String cleanPassword = password == null ? "" : password; // "" is never acceptable
        if (!FieldRules.acceptablePassword(cleanPassword)) {
            errors.put("password", List.of(FieldRules.passwordRule()));
        }
        if (!errors.isEmpty()) {
            throw new MerchantRefusal.FieldsInvalid(errors);
        }
        var row = new Merchants.Row(
                MerchantId.newId(clock),
                cleanName,
                cleanEmail,
                passwords.encode(cleanPassword),
                Timestamps.truncate(clock.instant()));
        // A team member's address is a login already: one address, one person to sign in.
        if (members.byEmail(cleanEmail).isPresent() || !merchants.insert(row)) {
            throw new MerchantRefusal.EmailTaken();
        }
        audit.record(
                "merchant.created",
                row.id().value(),
                row.id().toString(),
                null,
                Map.of("name", row.name(), "email", row.email()));
        return new MerchantAccount(row.id(), row.name(), row.email());
    }

    /**
     * Self-service sign-up: a merchant with one sandbox application, kept out of live until approved.
     *
     * @param language the language the merchant signed up in, which names that first application
     */
    @Transactional
    public MerchantAccount signUp(String name, String email, String password, Locale language) {
        MerchantAccount account = createMerchant(name, email, password);
        merchants.markSandboxOnly(account.id());
        audit.recordAs(
                AuditActor.of("merchant", account.email()),
                "merchant.signed_up",
                account.id().value(),
                account.id().toString(),
                null,
                Map.of("name", account.name(), "email", account.email(), "sandbox_only", true));
        events.publishEvent(new MerchantSignedUp(account.id(), account.name(), account.email()));
        applicationCreation.createApplication(
                account.id(),
                new NewApplicationRequest(
                        firstApplicationName(language), null, null, null, EnumSet.allOf(Provider.class)));
        return account;
    }

    /** "Ma boutique" for a merchant who signed up in French: the name is theirs to change in the portal. */
    private String firstApplicationName(Locale language) {
        String name = messages.getMessage("applications.firstName", null, null, language);
        return name == null ? "My application" : name;
    }
}
