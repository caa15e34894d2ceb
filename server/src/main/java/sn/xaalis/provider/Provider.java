package sn.xaalis.provider;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import org.jspecify.annotations.Nullable;

/** The payment providers of SPEC §2.3, with the deep-link keys each one returns and its amount rules. */
public enum Provider {
    WALLET_SN(List.of("WALLET"), false, new BigDecimal("0.01")),
    // The operator's floor of 10 XOF (docs/providers.md §3.2), whole values only.
    MOBILEMONEY_SN(List.of("MM", "APP2"), true, BigDecimal.TEN);

    private final List<String> deepLinkKeys;
    private final boolean wholeAmountsOnly;
    private final BigDecimal minimumAmount;

    Provider(List<String> deepLinkKeys, boolean wholeAmountsOnly, BigDecimal minimumAmount) {
        this.deepLinkKeys = deepLinkKeys;
        this.wholeAmountsOnly = wholeAmountsOnly;
        this.minimumAmount = minimumAmount;
    }

    /** In response order; the first one is what the QR code encodes. */
    public List<String> deepLinkKeys() {
        return deepLinkKeys;
    }

    public boolean wholeAmountsOnly() {
        return wholeAmountsOnly;
    }

    /** The smallest payment the provider takes, unless the installation sets its own (D2). */
    public BigDecimal minimumAmount() {
        return minimumAmount;
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
