package sn.xaalis.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.ResourceBundleMessageSource;
import sn.xaalis.merchant.MerchantPreferences;

/** Time zones by the city people know, in the page's language; every zone offered has its city. */
class ZoneNamesTest {

    private final ZoneNames names;

    ZoneNamesTest() {
        ResourceBundleMessageSource messages = new ResourceBundleMessageSource();
        messages.setBasenames("i18n/common");
        messages.setDefaultEncoding("UTF-8");
        messages.setFallbackToSystemLocale(false);
        // January: Paris is on winter time.
        names = new ZoneNames(messages, Clock.fixed(Instant.parse("2026-01-15T10:00:00Z"), ZoneOffset.UTC));
    }

    @Test
    void westAfricanCitiesComeFirstAndEachIsNamedInBothLanguages() {
        List<ZoneId> zones = MerchantPreferences.USUAL_ZONES;
        assertThat(zones.subList(0, 8).stream().map(ZoneId::getId))
                .containsExactly(
                        "Africa/Dakar",
                        "Africa/Abidjan",
                        "Africa/Bamako",
                        "Africa/Ouagadougou",
                        "Africa/Niamey",
                        "Africa/Lome",
                        "Africa/Porto-Novo",
                        "Africa/Conakry");
        for (ZoneId zone : zones) {
            for (Locale locale : List.of(Locale.FRENCH, Locale.ENGLISH)) {
                assertThat(names.city(zone, locale))
                        .as(zone + " in " + locale)
                        .doesNotContain("/")
                        .isNotEqualTo(zone.getId().substring(zone.getId().lastIndexOf('/') + 1));
            }
        }
    }

    @Test
    void namesReadAsPeopleSayThem() {
        assertThat(names.city(ZoneId.of("Africa/Dakar"), Locale.FRENCH)).isEqualTo("Dakar (Sénégal)");
        assertThat(names.city(ZoneId.of("Africa/Dakar"), Locale.ENGLISH)).isEqualTo("Dakar (Senegal)");
        assertThat(names.city(ZoneId.of("Africa/Lome"), Locale.FRENCH)).isEqualTo("Lomé (Togo)");
        assertThat(names.city(ZoneId.of("Africa/Porto-Novo"), Locale.FRENCH)).startsWith("Cotonou");
        // A zone not offered is still named by its city, never as "Asia/Tokyo".
        assertThat(names.city(ZoneId.of("America/New_York"), Locale.FRENCH)).isEqualTo("New York");
        assertThat(ZoneNames.gmt(ZoneId.of("Europe/Paris").getRules().getOffset(Instant.parse("2026-01-15T10:00:00Z"))))
                .isEqualTo("GMT+1");
        assertThat(ZoneNames.gmt(ZoneOffset.UTC)).isEqualTo("GMT");
        assertThat(ZoneNames.gmt(ZoneOffset.ofHoursMinutes(5, 30))).isEqualTo("GMT+5:30");
    }
}
