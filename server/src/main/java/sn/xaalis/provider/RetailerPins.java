package sn.xaalis.provider;

import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import sn.xaalis.platform.ConnectionId;

/**
 * The secret a connection's payouts go out with (the operator's retailer PIN, docs/providers.md §3.6),
 * as the connection module keeps its state: the operator blocks the retailer account at the third wrong
 * PIN in a row, so calls with it go one at a time, and once the operator refused it none goes until the
 * merchant enters a PIN again.
 */
public interface RetailerPins {

    /** Whether a call with a connection's PIN may go now. */
    sealed interface Turn {

        /** It may; {@link #release} when it is answered. */
        record Yours(Instant until) implements Turn {}

        /** The operator refused the PIN: in its words, with its code. */
        record Refused(String why) implements Turn {}

        /** Another call with the PIN is under way (here or on another node). */
        record Busy() implements Turn {}
    }

    /** Takes the connection's PIN for one call, for at most {@code longest}. */
    Turn take(ConnectionId connection, Duration longest);

    void release(ConnectionId connection, Turn.Yours turn);

    /**
     * The operator refused {@code pin}: nothing tries the connection's PIN again until the merchant enters
     * one. A PIN entered since the call left is not the one refused, and stays usable.
     */
    void refuse(ConnectionId connection, String pin, String why);

    /** Why the connection's payouts wait for a new PIN; empty when they do not. */
    Optional<String> refusal(ConnectionId connection);
}
