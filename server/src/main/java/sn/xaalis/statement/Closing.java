package sn.xaalis.statement;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;

/**
 * A merchant account's balance at the end of a UTC day: every movement created before the next day's
 * midnight, and how many there were.
 */
record Closing(LocalDate day, BigDecimal balance, long movements) {

    /** The instant the day ends: what the closing counts is everything created before it. */
    Instant end() {
        return endOf(day);
    }

    static Instant endOf(LocalDate day) {
        return day.plusDays(1).atStartOfDay(ZoneOffset.UTC).toInstant();
    }

    /** The last day whose closing counts nothing at or after {@code at}: the day before {@code at}'s. */
    static LocalDate lastBefore(Instant at) {
        return LocalDate.ofInstant(at, ZoneOffset.UTC).minusDays(1);
    }
}
