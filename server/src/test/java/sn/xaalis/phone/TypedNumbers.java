package sn.xaalis.phone;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/** Numbers as people type them, right and wrong, for tests that compare libphonenumber with the old rules. */
public final class TypedNumbers {

    private TypedNumbers() {}

    /** Prefixes people type, nine digits or a few more or less, separators between them. */
    public static Arbitrary<String> typed() {
        Arbitrary<String> prefix = Arbitraries.of(
                "", "", "+221", "00221", "221", "+", "00", "+225", "0", "+2210", "+221 ", "(221)", "+33");
        Arbitrary<String> digits =
                Arbitraries.strings().withChars("01234567897733").ofMinLength(6).ofMaxLength(12);
        Arbitrary<String> separator = Arbitraries.of("", "", " ", ".", "-", "\u00a0");
        return Combinators.combine(prefix, digits, separator)
                .as((p, d, s) -> p + (d.length() > 4 ? d.substring(0, 2) + s + d.substring(2) : d));
    }
}
