package sn.xaalis.verification;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.jspecify.annotations.Nullable;
import sn.xaalis.phone.TypedNumbers;

/** The contact phone is read as the rule written by hand before libphonenumber read it (issue 50). */
class LegalDetailsPhoneCompatibilityTest {

    private static final Pattern OLD_PHONE = Pattern.compile("(?:\\+?221|00221)?([37][0-9]{8})");

    @Property(tries = 2000)
    void contactPhonesAreReadAsBefore(@ForAll("typed") String typed) {
        Map<String, List<String>> errors = new HashMap<>();
        LegalDetails details = LegalDetails.read(Map.of("contact_phone", typed), errors);
        String before = oldRule(typed);
        assertThat(details.contactPhone()).as(typed).isEqualTo(before);
        assertThat(errors.containsKey("contact_phone")).as(typed).isEqualTo(before == null);
    }

    @Provide
    Arbitrary<String> typed() {
        return TypedNumbers.typed().filter(t -> !t.isBlank() && t.indexOf('\u00a0') < 0);
    }

    private static @Nullable String oldRule(String typed) {
        var match = OLD_PHONE.matcher(typed.strip().replaceAll("[\\s.()-]", ""));
        return match.matches() ? match.group(1) : null;
    }
}
