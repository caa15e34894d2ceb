package sn.xaalis.phone;

/**
 * A phone number read by {@link PhoneNumbers}.
 *
 * @param e164 {@code +} then the country code and the national number, e.g. {@code +221771234567}
 * @param region the ISO 3166 code of the country it belongs to, e.g. {@code SN}
 */
public record PhoneNumber(String e164, String region) {

    public PhoneNumber {
        if (!e164.matches("\\+[1-9][0-9]{5,14}")) {
            throw new IllegalArgumentException("not an E.164 number");
        }
    }

    /** The digits after the country code, e.g. {@code 771234567}, {@code 0701020304}. */
    public String nationalNumber() {
        return PhoneNumbers.nationalNumber(this);
    }

    /** As shops of its country write it: {@code 77 123 45 67}, {@code 07 01 02 03 04}. */
    public String national() {
        return PhoneNumbers.national(this);
    }

    /**
     * Enough to recognise one's own number, not to learn someone's: the country code, the first two and
     * last two digits, e.g. {@code +221 77 *** ** 67}.
     */
    public String masked() {
        String national = national();
        int digits = (int) national.chars().filter(Character::isDigit).count();
        StringBuilder masked = new StringBuilder();
        int seen = 0;
        for (char c : national.toCharArray()) {
            if (Character.isDigit(c)) {
                seen++;
                masked.append(seen <= 2 || seen > digits - 2 ? c : '*');
            } else {
                masked.append(c);
            }
        }
        return "+" + PhoneNumbers.countryCode(this) + " " + masked;
    }

    @Override
    public String toString() {
        // Logs show where a number is from, not whose it is.
        return "PhoneNumber[" + region + "]";
    }
}
