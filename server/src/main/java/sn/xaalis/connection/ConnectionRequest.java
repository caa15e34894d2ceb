package sn.xaalis.connection;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import sn.xaalis.phone.PhoneNumber;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.PayableNumbers;
import sn.xaalis.provider.Provider;

/**
 * Credentials for one provider as the operator or a merchant typed them (the admin API's JSON fields,
 * the portal's form), checked. A field left out or blank keeps the stored value, so a merchant can
 * change the webhook secret without the API key the wallet showed only once; with nothing stored yet,
 * every credential is required.
 */
record ConnectionRequest(Provider provider, Map<String, String> fields) {

    static final List<String> WALLET_FIELDS = List.of("api_key", "webhook_secret", "webhook_strategy");
    static final List<String> OPERATOR_FIELDS =
            List.of("client_id", "client_secret", "merchant_code", "retailer_number", "retailer_pin");

    /** How long a replaced wallet webhook secret keeps verifying: the wallet's own switch takes a while. */
    static final Duration SECRET_OVERLAP = Duration.ofHours(24);

    // Printable ASCII without spaces: what the providers issue, and nothing a copy and paste adds.
    private static final Pattern TOKEN = Pattern.compile("[\\x21-\\x7E]+");
    private static final Pattern MERCHANT_CODE = Pattern.compile("[0-9]{6}");
    private static final Pattern RETAILER_PIN = Pattern.compile("[0-9]{4}");
    private static final int MIN_SECRET = 8;
    private static final int MAX_CREDENTIAL = 512;

    /** Fields a page never shows again, not even as typed: they are a part of the account's keys. */
    private static final Set<String> SECRETS = Set.of("api_key", "webhook_secret", "client_secret", "retailer_pin");

    static List<String> fieldsOf(Provider provider) {
        return provider == Provider.WALLET_SN ? WALLET_FIELDS : OPERATOR_FIELDS;
    }

    static boolean isSecret(String field) {
        return SECRETS.contains(field);
    }

    /**
     * The credentials to store in place of {@code current}.
     *
     * @throws ConnectionRefusal.FieldsInvalid with the fields' problems
     */
    Credentials merge(Optional<Credentials> current, Instant now) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        Credentials merged = provider == Provider.WALLET_SN
                ? wallet(current.map(Credentials.Wallet.class::cast), now, errors)
                : operator(current.map(Credentials.Operator.class::cast), errors);
        if (merged == null || !errors.isEmpty()) { // merged is null only with errors
            throw new ConnectionRefusal.FieldsInvalid(errors);
        }
        return merged;
    }

    /** Null when a field is wrong, each in {@code errors}. */
    private Credentials.@Nullable Wallet wallet(
            Optional<Credentials.Wallet> current, Instant now, Map<String, List<String>> errors) {
        String apiKey = credential("api_key", current.map(Credentials.Wallet::apiKey), MIN_SECRET, errors);
        String secret =
                credential("webhook_secret", current.map(Credentials.Wallet::webhookSecret), MIN_SECRET, errors);
        String strategyText = given("webhook_strategy");
        Credentials.WebhookStrategy strategy =
                current.map(Credentials.Wallet::webhookStrategy).orElse(Credentials.WebhookStrategy.SIGNING);
        if (strategyText != null) {
            strategy = Credentials.WebhookStrategy.fromValue(strategyText).orElse(null);
            if (strategy == null) {
                errors.put("webhook_strategy", List.of("must be signing or shared"));
            }
        }
        if (apiKey == null || secret == null || strategy == null || !errors.isEmpty()) { // each null is an error
            return null;
        }
        String previous = current.map(Credentials.Wallet::previousWebhookSecret).orElse(null);
        Instant previousUntil =
                current.map(Credentials.Wallet::previousSecretUntil).orElse(null);
        if (current.isPresent() && !current.get().webhookSecret().equals(secret)) {
            // A rotation: events signed with the secret being replaced still verify for a day.
            previous = current.get().webhookSecret();
            previousUntil = now.plus(SECRET_OVERLAP);
        }
        return new Credentials.Wallet(apiKey, strategy, secret, previous, previousUntil);
    }

    /** Null when a field is wrong, each in {@code errors}. */
    private Credentials.@Nullable Operator operator(
            Optional<Credentials.Operator> current, Map<String, List<String>> errors) {
        String clientId = credential("client_id", current.map(Credentials.Operator::clientId), 1, errors);
        String clientSecret =
                credential("client_secret", current.map(Credentials.Operator::clientSecret), MIN_SECRET, errors);
        String code = given("merchant_code");
        if (code == null) {
            code = current.map(Credentials.Operator::merchantCode).orElse(null);
            if (code == null) {
                errors.put("merchant_code", List.of("is required"));
            }
        } else if (!MERCHANT_CODE.matcher(code).matches()) {
            errors.put("merchant_code", List.of("must be the operator's 6-digit merchant code"));
        }
        String retailer = retailerNumber(current, errors);
        String pin = given("retailer_pin");
        if (pin == null) {
            pin = current.map(Credentials.Operator::retailerPin).orElse(null);
        } else if (!RETAILER_PIN.matcher(pin).matches()) {
            errors.put("retailer_pin", List.of("must be the retailer account's 4-digit PIN"));
        }
        if ((retailer == null) != (pin == null) && !errors.containsKey("retailer_number")) {
            // Payouts need both; one without the other is a mistake, not half a set-up.
            errors.put(retailer == null ? "retailer_number" : "retailer_pin", List.of("is required to send payouts"));
        }
        if (clientId == null || clientSecret == null || code == null || !errors.isEmpty()) { // each null is an error
            return null;
        }
        // The apiKey the operator will send back with each notification: ours, kept across replacements
        // (the operator gives up for good on a notification refused with a 4xx).
        String notificationKey =
                current.map(Credentials.Operator::notificationKey).orElseGet(() -> RandomTokens.base62(40));
        return new Credentials.Operator(clientId, clientSecret, code, notificationKey, retailer, pin);
    }

    /** Whether the merchant typed a retailer PIN or number: a PIN the operator has not been sent yet. */
    boolean entersRetailerPin() {
        return provider == Provider.MOBILEMONEY_SN
                && (given("retailer_pin") != null || given("retailer_number") != null);
    }

    /**
     * The PIN field's error when the operator refused the PIN ({@code MOBILEMONEY_SN refused the retailer
     * PIN: Invalid PIN code, 2 remaining tentatives left (2011)}): its words and code inside one pair of
     * parentheses, where the pages find them.
     */
    static String pinRefused(String check) {
        String words = check.replaceFirst("^\\w+ refused the retailer PIN: ", "")
                .replaceFirst(" \\((\\w+)\\)$", ", code $1")
                .replaceAll("[()]", " ")
                .strip();
        return "was refused by the operator (" + words + "); nothing was saved";
    }

    /** The retailer number as typed ({@code 77 123 45 67}, {@code +221771234567}) in nine digits, or the stored one. */
    private @Nullable String retailerNumber(Optional<Credentials.Operator> current, Map<String, List<String>> errors) {
        String typed = given("retailer_number");
        if (typed == null) {
            return current.map(Credentials.Operator::retailerNumber).orElse(null);
        }
        // The retailer account payouts go out of: kept as the operator's nine digits, without 221
        // (docs/providers.md §3.6).
        Optional<PhoneNumber> number = PayableNumbers.read(typed);
        if (number.isEmpty()) {
            errors.put("retailer_number", List.of("must be the retailer account's 9-digit number"));
            return null;
        }
        return number.get().nationalNumber();
    }

    private @Nullable String credential(
            String field, Optional<String> current, int minLength, Map<String, List<String>> errors) {
        String value = given(field);
        if (value == null) {
            if (current.isEmpty()) {
                errors.put(field, List.of("is required"));
            }
            return current.orElse(null);
        }
        if (value.length() < minLength || value.length() > MAX_CREDENTIAL) {
            errors.put(field, List.of("must be " + minLength + " to " + MAX_CREDENTIAL + " characters"));
        } else if (!TOKEN.matcher(value).matches()) {
            errors.put(field, List.of("must not contain spaces or control characters"));
        }
        return value;
    }

    /** The field as typed, trimmed; null when left out or blank. */
    private @Nullable String given(String field) {
        String value = fields.get(field);
        return value == null || value.isBlank() ? null : value.strip();
    }

    @Override
    public String toString() {
        return "ConnectionRequest[" + provider + ", fields=" + fields.keySet() + "]";
    }
}
