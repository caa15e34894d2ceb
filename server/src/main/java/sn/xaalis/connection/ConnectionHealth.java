package sn.xaalis.connection;

import java.time.Instant;
import java.util.List;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.provider.Provider;

/** How an application's own provider accounts fare, as the operator console shows them: no credential. */
@Service
public class ConnectionHealth {

    private final Connections connections;

    ConnectionHealth(Connections connections) {
        this.connections = connections;
    }

    /**
     * One connection's last check: whether it works, and what the provider said when it did not.
     *
     * @param pinRefusal what the operator said when it refused the retailer PIN (payouts wait for the
     *     merchant to enter one again); null when it did not
     */
    public record Health(
            Provider provider,
            boolean connected,
            @Nullable String statusMessage,
            Instant checkedAt,
            @Nullable String pinRefusal) {}

    public List<Health> of(ApplicationId applicationId) {
        return connections.ofApplication(applicationId).stream()
                .map(c -> new Health(
                        c.provider(),
                        c.status() == Connection.Status.CONNECTED,
                        c.statusMessage(),
                        c.checkedAt(),
                        c.pinRefusal() == null ? null : c.pinRefusal().why()))
                .toList();
    }
}
