package sn.xaalis.support;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock that follows real time plus an offset tests can move forward, so nothing sleeps through minutes. */
public final class MutableClock extends Clock {

    private volatile Duration offset = Duration.ZERO;
    private volatile Instant frozenAt;

    /** Stops time (plus later advances) for tests whose assertions must not race real time. */
    public void freeze() {
        frozenAt = Instant.now();
    }

    /** Lets time run again from where it stood when frozen (plus advances): it never jumps or goes back. */
    public void thaw() {
        Instant base = frozenAt;
        if (base != null) {
            offset = offset.minus(Duration.between(base, Instant.now()));
            frozenAt = null;
        }
    }

    public void advance(Duration duration) {
        offset = offset.plus(duration);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException();
    }

    @Override
    public Instant instant() {
        Instant base = frozenAt;
        return (base == null ? Instant.now() : base).plus(offset);
    }
}
