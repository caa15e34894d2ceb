package sn.xaalis.merchant;

import java.util.Locale;
import java.util.Optional;

/**
 * What a person may do in a merchant's portal (D30). The account's holder is always an {@link #OWNER};
 * what each other role may open is the portal's rule table.
 */
public enum MerchantRole {
    /** Everything, the team included. */
    OWNER,
    /** Applications, keys, webhooks and connections; transactions read only; no payouts, no team. */
    DEVELOPER,
    /** The cashier screen and its receipts. */
    CASHIER,
    /** Every page, read only. */
    VIEWER;

    /** The role a form names ({@code developer}); empty for anything else. */
    public static Optional<MerchantRole> parse(@org.jspecify.annotations.Nullable String text) {
        if (text == null) {
            return Optional.empty();
        }
        for (MerchantRole role : values()) {
            if (role.name().equalsIgnoreCase(text.strip())) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    /** As forms, URLs and the audit trail write it: {@code developer}. */
    public String code() {
        return name().toLowerCase(Locale.ROOT);
    }
}
