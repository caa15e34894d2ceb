package sn.xaalis.ratelimit;

import java.time.Duration;
import org.springframework.boot.convert.DurationStyle;

/**
 * So many requests per period, written {@code <count>/<period>} in configuration ({@code 20/1m},
 * {@code 5/PT1H}): a token bucket of {@code count} tokens refilled over {@code per}, so a burst of
 * {@code count} is allowed and then one every {@code per / count}.
 */
public record Allowance(int count, Duration per) {

    public Allowance {
        if (count < 1 || per == null || per.isZero() || per.isNegative()) {
            throw new IllegalArgumentException("An allowance is a positive count per positive period, such as 20/1m");
        }
    }

    /** Read from configuration: {@code 20/1m}, {@code 5/PT1H}. */
    public static Allowance valueOf(String text) {
        int slash = text == null ? -1 : text.indexOf('/');
        if (slash < 1) {
            throw new IllegalArgumentException("Not an allowance (count/period, such as 20/1m): " + text);
        }
        try {
            return new Allowance(
                    Integer.parseInt(text.substring(0, slash).strip()),
                    DurationStyle.detectAndParse(text.substring(slash + 1).strip()));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Not an allowance (count/period, such as 20/1m): " + text, e);
        }
    }

    /** The sustained rate it allows, in requests per second. */
    public double perSecond() {
        return count / (per.toNanos() / 1e9);
    }

    @Override
    public String toString() {
        return count + "/" + per;
    }
}
