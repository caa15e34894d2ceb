package sn.xaalis.provider;

import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Why a payment or a payout failed, as a stable code the pages put in their own words (message key
 * {@code reason.<NAME>}, in every bundle). The API keeps showing the provider's own words and code
 * ({@code error_message}, {@code failure_code}); a cashier reads "Solde insuffisant", never
 * "Insufficient balance (2020)". The tables below hold every code the adapters pass on (docs/providers.md
 * §2.2, §2.4, §3.4–3.6); a code they do not hold is {@link #DECLINED}, which names the provider.
 */
public enum FailureReason {
    INSUFFICIENT_FUNDS,
    WRONG_CODE,
    CODE_REFUSED_TOO_OFTEN,
    NO_ANSWER,
    UNKNOWN_CUSTOMER,
    NOT_ALLOWED,
    EXPIRED,
    INVALID_REQUEST,
    ACCOUNT_REFUSED,
    PIN_REFUSED,
    NOT_FOUND,
    PROVIDER_UNAVAILABLE,
    REFUND_FAILED,
    RECIPIENT_LIMIT,
    RECIPIENT_BLOCKED,
    RECIPIENT_INACTIVE,
    RECIPIENT_MINOR,
    COUNTRY_MISMATCH,
    CURRENCY_MISMATCH,
    NO_ACCOUNT,
    MERCHANT_REVIEW,
    SANDBOX_DECLINED,
    DECLINED;

    /** Where every reason's words are, in every bundle: {@code reason.<NAME>}. */
    public static final String MESSAGE_KEY_PREFIX = "reason.";

    /** How the one-time-code payments word a payment ended by its refused codes (codepayment). */
    public static final String CODE_REFUSED_PREFIX = "The one-time code was refused ";

    /** The sandbox's words for its magic codes and its decline (provider/sandbox, payment). */
    public static final String SANDBOX_WRONG_CODE = "the one-time code is wrong or has expired (sandbox)";

    public static final String SANDBOX_INSUFFICIENT_FUNDS = "Insufficient balance (2020)";
    public static final String SANDBOX_DECLINE = "Declined in the sandbox";
    public static final String SANDBOX_MAGIC_PHONE = "Insufficient funds (sandbox magic number)";

    /** The operator's problem codes (docs/providers.md §3.4–3.6). */
    public static final Map<String, FailureReason> MOBILEMONEY_SN_CODES = Map.ofEntries(
            Map.entry("2000", UNKNOWN_CUSTOMER),
            Map.entry("2001", UNKNOWN_CUSTOMER),
            Map.entry("2020", INSUFFICIENT_FUNDS),
            Map.entry("2021", INSUFFICIENT_FUNDS),
            Map.entry("2022", INSUFFICIENT_FUNDS),
            Map.entry("2041", NOT_ALLOWED),
            Map.entry("2042", NOT_ALLOWED),
            Map.entry("2043", NOT_ALLOWED),
            Map.entry("2050", WRONG_CODE),
            Map.entry("2051", WRONG_CODE),
            Map.entry("2052", WRONG_CODE),
            Map.entry("2010", PIN_REFUSED),
            Map.entry("2011", PIN_REFUSED),
            Map.entry("2012", PIN_REFUSED),
            Map.entry("2013", PIN_REFUSED),
            Map.entry("4003", ACCOUNT_REFUSED),
            Map.entry("4004", EXPIRED),
            Map.entry("4099", INVALID_REQUEST),
            Map.entry("20", INVALID_REQUEST),
            Map.entry("21", INVALID_REQUEST),
            Map.entry("22", INVALID_REQUEST),
            Map.entry("23", INVALID_REQUEST),
            Map.entry("24", INVALID_REQUEST),
            Map.entry("25", INVALID_REQUEST),
            Map.entry("26", INVALID_REQUEST),
            Map.entry("27", INVALID_REQUEST),
            Map.entry("28", INVALID_REQUEST),
            Map.entry("10", ACCOUNT_REFUSED),
            Map.entry("11", ACCOUNT_REFUSED),
            Map.entry("60", NOT_FOUND),
            Map.entry("9", PROVIDER_UNAVAILABLE),
            Map.entry("50", PROVIDER_UNAVAILABLE),
            Map.entry("1", PROVIDER_UNAVAILABLE),
            Map.entry("2", PROVIDER_UNAVAILABLE),
            Map.entry("5", PROVIDER_UNAVAILABLE),
            Map.entry("51", NO_ANSWER),
            // a cash-in's final status, lower-cased (MobileMoneyCashIns)
            Map.entry("failed", DECLINED),
            Map.entry("rejected", DECLINED),
            Map.entry("cancelled", DECLINED));

    /** The wallet's error and payout error codes (docs/providers.md §2.2, §2.4). */
    public static final Map<String, FailureReason> WALLET_SN_CODES = Map.ofEntries(
            Map.entry("missing-auth-header", ACCOUNT_REFUSED),
            Map.entry("invalid-auth", ACCOUNT_REFUSED),
            Map.entry("api-key-not-provided", ACCOUNT_REFUSED),
            Map.entry("no-matching-api-key", ACCOUNT_REFUSED),
            Map.entry("api-key-revoked", ACCOUNT_REFUSED),
            Map.entry("authorization-error", ACCOUNT_REFUSED),
            Map.entry("unauthorized-wallet", ACCOUNT_REFUSED),
            Map.entry("checkout-refund-failed", REFUND_FAILED),
            Map.entry("checkout-session-not-found", NOT_FOUND),
            Map.entry("internal-server-error", PROVIDER_UNAVAILABLE),
            Map.entry("service-unavailable", PROVIDER_UNAVAILABLE),
            Map.entry("request-validation-error", INVALID_REQUEST),
            Map.entry("insufficient-funds", INSUFFICIENT_FUNDS),
            Map.entry("recipient-limit-exceeded", RECIPIENT_LIMIT),
            Map.entry("recipient-account-blocked", RECIPIENT_BLOCKED),
            Map.entry("recipient-account-inactive", RECIPIENT_INACTIVE),
            Map.entry("recipient-minor", RECIPIENT_MINOR),
            Map.entry("country-mismatch", COUNTRY_MISMATCH),
            Map.entry("currency-mismatch", CURRENCY_MISMATCH));

    /** The payout failure codes Xaalis gives itself, for either provider (provider, payout). */
    public static final Map<String, FailureReason> XAALIS_PAYOUT_CODES = Map.of(
            "no-account", NO_ACCOUNT,
            "no-retailer-account", NO_ACCOUNT,
            "account-disconnected", NO_ACCOUNT,
            "encryption-key", ACCOUNT_REFUSED,
            "credentials", ACCOUNT_REFUSED,
            "merchant-review", MERCHANT_REVIEW);

    /** A provider's code at the end of its words, as the adapters write it: {@code Balance insufficient (2020)}. */
    private static final Pattern TRAILING_CODE = Pattern.compile("\\(([A-Za-z0-9_-]{1,60})\\)\\s*$");

    private static final Pattern HTTP_CODE = Pattern.compile("http-\\d{3}");

    public String messageKey() {
        return MESSAGE_KEY_PREFIX + name();
    }

    /** Why a payment failed, read from its stored {@code error_message}; empty when it has none. */
    public static Optional<FailureReason> ofPayment(Provider provider, @Nullable String errorMessage) {
        if (errorMessage == null || errorMessage.isBlank()) {
            return Optional.empty();
        }
        String text = errorMessage.strip();
        if (text.startsWith(CODE_REFUSED_PREFIX)) {
            return Optional.of(CODE_REFUSED_TOO_OFTEN);
        }
        if (text.equals(SANDBOX_MAGIC_PHONE)) {
            return Optional.of(INSUFFICIENT_FUNDS);
        }
        if (text.equals(SANDBOX_WRONG_CODE)) {
            return Optional.of(WRONG_CODE);
        }
        if (text.equals(SANDBOX_DECLINE)) {
            return Optional.of(SANDBOX_DECLINED);
        }
        Matcher code = TRAILING_CODE.matcher(text);
        if (code.find()) {
            Optional<FailureReason> known = known(provider, code.group(1));
            if (known.isPresent()) {
                return known;
            }
        }
        // the wallet's last_payment_error message may be its code alone ("insufficient-funds")
        return Optional.of(known(provider, text.toLowerCase(Locale.ROOT)).orElse(DECLINED));
    }

    /** Why a payout failed, from its stored {@code failure_code}; empty when it has none. */
    public static Optional<FailureReason> ofPayout(Provider provider, @Nullable String failureCode) {
        if (failureCode == null || failureCode.isBlank()) {
            return Optional.empty();
        }
        String code = failureCode.strip();
        if (HTTP_CODE.matcher(code).matches()) {
            return Optional.of(DECLINED);
        }
        return Optional.of(Optional.ofNullable(XAALIS_PAYOUT_CODES.get(code))
                .or(() -> known(provider, code))
                .orElse(DECLINED));
    }

    private static Optional<FailureReason> known(Provider provider, String code) {
        Map<String, FailureReason> table = provider == Provider.WALLET_SN ? WALLET_SN_CODES : MOBILEMONEY_SN_CODES;
        return Optional.ofNullable(table.get(code));
    }
}
