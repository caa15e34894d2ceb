package sn.xaalis.merchant;

import java.util.UUID;

/** A member of a merchant's team (not its holder, who is the merchant itself). */
public record MemberId(UUID value) {

    /** Parses the UUID's text; bad text is an IllegalArgumentException. */
    public static MemberId valueOf(String text) {
        return new MemberId(UUID.fromString(text.trim()));
    }

    @Override
    public String toString() {
        return value.toString();
    }
}
