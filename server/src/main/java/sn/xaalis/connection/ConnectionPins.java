package sn.xaalis.connection;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.RetailerPins;

/**
 * The retailer PIN's state on each connection (provider_connections): the call that holds it, and the
 * operator's refusal, which stops every use of the PIN until the merchant enters one again (saving a
 * connection with a PIN clears it, ConnectionSettings).
 */
@Component
class ConnectionPins implements RetailerPins {

    private static final Logger log = LoggerFactory.getLogger(ConnectionPins.class);

    private final Connections connections;
    private final ConnectionDirectory directory;
    private final Clock clock;

    ConnectionPins(Connections connections, ConnectionDirectory directory, Clock clock) {
        this.connections = connections;
        this.directory = directory;
        this.clock = clock;
    }

    @Override
    public Turn take(ConnectionId connection, Duration longest) {
        Instant now = Timestamps.truncate(clock.instant());
        Instant until = now.plus(longest);
        if (connections.takePin(connection, now, until)) {
            return new Turn.Yours(until);
        }
        // Read again, not from the cache: the refusal may be a moment old.
        Optional<Connection> stored = connections.byId(connection);
        if (stored.isEmpty()) {
            return new Turn.Refused("this connection was removed");
        }
        Connection.PinRefusal refusal = stored.get().pinRefusal();
        return refusal != null ? new Turn.Refused(refusal.why()) : new Turn.Busy();
    }

    @Override
    public void release(ConnectionId connection, Turn.Yours turn) {
        connections.releasePin(connection, turn.until());
    }

    @Override
    public void refuse(ConnectionId connection, String pin, String why) {
        Optional<Connection> stored = connections.byId(connection);
        if (stored.isEmpty()
                || !(stored.get().credentials() instanceof Credentials.Operator operator)
                || operator.retailerPin() == null
                || !MessageDigest.isEqual(
                        operator.retailerPin().getBytes(StandardCharsets.UTF_8),
                        pin.getBytes(StandardCharsets.UTF_8))) {
            return; // the merchant entered another PIN meanwhile: that one was not refused
        }
        if (connections.refusePin(connection, stored.get().updatedAt(), Timestamps.truncate(clock.instant()), why)) {
            directory.changed();
            log.warn("Connection {}: {}; its payouts wait for the merchant to enter the PIN again", connection, why);
        }
    }

    @Override
    public Optional<String> refusal(ConnectionId connection) {
        return directory.connection(connection).map(Connection::pinRefusal).map(Connection.PinRefusal::why);
    }
}
