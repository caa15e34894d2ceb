package sn.xaalis.pages;

import java.time.Clock;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Locale;
import java.util.Objects;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Component;

/**
 * A time zone as people name it: by its city, in the page's language ("Dakar (Sénégal) — GMT",
 * "Cotonou, Porto-Novo (Bénin) — GMT+1"), never as its IANA id, which stays what is stored. The JDK names
 * zones only by region ("heure moyenne de Greenwich", which Dakar and Lomé share), so the cities of the
 * zones offered are in the bundles ({@code zone.<id>}); any other zone is named by its id's last part.
 * Templates call it as {@code @zoneNames}.
 */
@Component("zoneNames")
public class ZoneNames {

    private static final String ZONE_MESSAGE_KEY_PREFIX = "zone.";

    private final MessageSource messages;
    private final Clock clock;

    ZoneNames(MessageSource messages, Clock clock) {
        this.messages = messages;
        this.clock = clock;
    }

    /** The city (and country) alone, for a sentence: "Dakar (Sénégal)". */
    public String city(ZoneId zone) {
        return city(zone, LocaleContextHolder.getLocale());
    }

    public String city(ZoneId zone, Locale locale) {
        String id = zone.getId();
        String fallback = id.substring(id.lastIndexOf('/') + 1).replace('_', ' ');
        return Objects.requireNonNull(messages.getMessage(ZONE_MESSAGE_KEY_PREFIX + id, null, fallback, locale));
    }

    /** For a choice: the city and its offset from GMT now ("Paris (France) — GMT+1"). */
    public String name(ZoneId zone) {
        return city(zone) + " — " + gmt(zone.getRules().getOffset(clock.instant()));
    }

    static String gmt(ZoneOffset offset) {
        int seconds = offset.getTotalSeconds();
        if (seconds == 0) {
            return "GMT";
        }
        int minutes = Math.abs(seconds) / 60;
        return "GMT" + (seconds > 0 ? "+" : "−") + minutes / 60
                + (minutes % 60 == 0 ? "" : ":%02d".formatted(minutes % 60));
    }
}
