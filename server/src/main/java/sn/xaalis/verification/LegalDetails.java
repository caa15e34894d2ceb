package sn.xaalis.verification;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import sn.xaalis.phone.PhoneNumber;
import sn.xaalis.phone.PhoneNumbers;

/**
 * Who the merchant is, as it tells the operator: each field as typed, tidied (a NINEA without its spaces,
 * a phone number as nine digits). Any field may be missing while the merchant fills the form in; the
 * ones {@link #missing()} names must be there before the request is sent to the operator.
 */
public record LegalDetails(
        @Nullable String legalName,
        @Nullable String ninea,
        @Nullable String rccm,
        @Nullable String address,
        @Nullable String contactPhone,
        @Nullable String contactEmail,
        @Nullable String responsibleName,
        @Nullable String responsibleRole) {

    // NINEA: 7 to 9 digits, then the 2 or 3 characters of the tax code (COFI) when given.
    private static final Pattern NINEA = Pattern.compile("[0-9]{7,9}([0-9A-Z]{2,3})?");
    // RCCM: e.g. SN-DKR-2021-B-12345 or SN DKR 2021 A 123.
    private static final Pattern RCCM = Pattern.compile("[A-Z0-9][A-Z0-9 /.-]{4,39}");
    private static final Pattern EMAIL = Pattern.compile("[^@\\s]+@[^@\\s]+\\.[^@\\s]+");

    public static LegalDetails none() {
        return new LegalDetails(null, null, null, null, null, null, null, null);
    }

    /** The form as sent: each field tidied, and what is wrong with it under its name (message keys). */
    /** Nothing told yet: the merchant never started its verification. */
    public boolean isEmpty() {
        return equals(none());
    }

    public static LegalDetails read(Map<String, String> form, Map<String, List<String>> errors) {
        return new LegalDetails(
                text(form, "legal_name", 2, 200, errors),
                ninea(form.get("ninea"), errors),
                rccm(form.get("rccm"), errors),
                text(form, "address", 5, 300, errors),
                phone(form.get("contact_phone"), errors),
                email(form.get("contact_email"), errors),
                text(form, "responsible_name", 2, 100, errors),
                text(form, "responsible_role", 2, 100, errors));
    }

    /** The fields still needed before the operator can be asked: legal name, NINEA, address, phone, responsible. */
    public List<String> missing() {
        Map<String, @Nullable String> required = new LinkedHashMap<>();
        required.put("legal_name", legalName);
        required.put("ninea", ninea);
        required.put("address", address);
        required.put("contact_phone", contactPhone);
        required.put("responsible_name", responsibleName);
        return required.entrySet().stream()
                .filter(e -> e.getValue() == null)
                .map(Map.Entry::getKey)
                .toList();
    }

    private static @Nullable String text(
            Map<String, String> form, String field, int min, int max, Map<String, List<String>> errors) {
        String value = blankToNull(form.get(field));
        if (value != null && (value.length() < min || value.length() > max)) {
            errors.put(field, List.of("verification.error.length"));
            return null;
        }
        return value;
    }

    private static @Nullable String ninea(@Nullable String typed, Map<String, List<String>> errors) {
        String value = blankToNull(typed);
        if (value == null) {
            return null;
        }
        String tidy = value.replaceAll("[\\s.-]", "").toUpperCase(Locale.ROOT);
        if (!NINEA.matcher(tidy).matches()) {
            errors.put("ninea", List.of("verification.error.ninea"));
            return null;
        }
        return tidy;
    }

    private static @Nullable String rccm(@Nullable String typed, Map<String, List<String>> errors) {
        String value = blankToNull(typed);
        if (value == null) {
            return null;
        }
        String tidy = value.toUpperCase(Locale.ROOT);
        if (!RCCM.matcher(tidy).matches()) {
            errors.put("rccm", List.of("verification.error.rccm"));
            return null;
        }
        return tidy;
    }

    private static @Nullable String phone(@Nullable String typed, Map<String, List<String>> errors) {
        String value = blankToNull(typed);
        if (value == null) {
            return null;
        }
        // A Senegalese number, mobile or fixed, kept as its nine digits: any nine digits starting with 3 or
        // 7, the rule this form always had. libphonenumber reads what was typed; its ranges (70, 71, 721,
        // 75-78, 790; 30, 33…) all lie inside that rule, which stays wider so that a merchant's number is
        // not refused for a range Google's metadata does not list yet.
        Optional<PhoneNumber> number = PhoneNumbers.possible(value, PhoneNumbers.SENEGAL)
                .filter(n -> n.region().equals(PhoneNumbers.SENEGAL))
                .filter(n -> n.nationalNumber().matches("[37][0-9]{8}"));
        if (number.isEmpty()) {
            errors.put("contact_phone", List.of("verification.error.phone"));
            return null;
        }
        return number.get().nationalNumber();
    }

    private static @Nullable String email(@Nullable String typed, Map<String, List<String>> errors) {
        String value = blankToNull(typed);
        if (value == null) {
            return null;
        }
        String tidy = value.toLowerCase(Locale.ROOT);
        if (tidy.length() > 254 || !EMAIL.matcher(tidy).matches()) {
            errors.put("contact_email", List.of("verification.error.email"));
            return null;
        }
        return tidy;
    }

    private static @Nullable String blankToNull(@Nullable String value) {
        return value == null || value.isBlank() ? null : value.strip();
    }
}
