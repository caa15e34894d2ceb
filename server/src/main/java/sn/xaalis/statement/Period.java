package sn.xaalis.statement;

import java.time.Instant;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.ZoneId;

/**
 * The days a statement covers, both included, in the merchant's time zone: from the first day's
 * midnight to the midnight after the last day.
 */
record Period(LocalDate from, LocalDate to, ZoneId zone) {

    /** The longest period a statement covers: ten years of movements still read in pages. */
    static final int LONGEST_DAYS = 3660;

    Period {
        if (to.isBefore(from)) {
            throw new IllegalArgumentException("A period ends on or after its first day");
        }
        if (from.plusDays(LONGEST_DAYS).isBefore(to)) {
            throw new IllegalArgumentException("A period is at most " + LONGEST_DAYS + " days long");
        }
    }

    static Period month(YearMonth month, ZoneId zone) {
        return new Period(month.atDay(1), month.atEndOfMonth(), zone);
    }

    Instant start() {
        return from.atStartOfDay(zone).toInstant();
    }

    Instant end() {
        return to.plusDays(1).atStartOfDay(zone).toInstant();
    }
}
