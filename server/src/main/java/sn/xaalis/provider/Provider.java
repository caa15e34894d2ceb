package sn.xaalis.provider;

import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The payment providers of SPEC §2.3, with the deep-link keys each one returns. */
public enum Provider {
    WALLET_SN(List.of("WALLET"), false),
    MOBILEMONEY_SN(List.of("MM", "APP2"), true);

    private final List<String> deepLinkKeys;
    private final boolean wholeAmountsOnly;

    Provider(List<String> deepLinkKeys, boolean wholeAmountsOnly) {
        this.deepLinkKeys = deepLinkKeys;
        this.wholeAmountsOnly = wholeAmountsOnly;
    }

    /** In response order; the first one is what the QR code encodes. */
    public List<String> deepLinkKeys() {
        return deepLinkKeys;
    }

    public boolean wholeAmountsOnly() {
        return wholeAmountsOnly;
    }

    public static Optional<Provider> fromName(@Nullable String name) {
        for (Provider provider : values()) {
            if (provider.name().equals(name)) {
                return Optional.of(provider);
            }
        }
        return Optional.empty();
    }
}
