package sn.xaalis.platform;

import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The two worlds a payment can live in; deduced from the API keys (SPEC §5.1). */
public enum Environment {
    SANDBOX("sandbox", "test"),
    LIVE("live", "live");

    private final String value;
    private final String keyTag;

    Environment(String value, String keyTag) {
        this.value = value;
        this.keyTag = keyTag;
    }

    /** The wire value, {@code sandbox} or {@code live}. */
    public String value() {
        return value;
    }

    /** The tag inside key prefixes: {@code pk_test_}, {@code sk_live_}. */
    public String keyTag() {
        return keyTag;
    }

    public static Optional<Environment> fromValue(@Nullable String value) {
        for (Environment environment : values()) {
            if (environment.value.equals(value)) {
                return Optional.of(environment);
            }
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return value;
    }
}
