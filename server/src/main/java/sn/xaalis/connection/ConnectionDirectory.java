package sn.xaalis.connection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Component;
import sn.xaalis.cluster.CacheInvalidation;
import sn.xaalis.cluster.ClusterSignals;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.ShortLivedCache;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderConnections;

/**
 * The connections as the provider module asks for them, on every live initiation and inbound event:
 * cached on the node (a read and a decryption each otherwise), forgotten on every node when one changes
 * (a {@code NOTIFY} sent in the change's own transaction, as for keys and settings).
 */
@Component
class ConnectionDirectory implements ProviderConnections {

    static final String CHANNEL = "xaalis_connections";
    private static final Duration TTL = Duration.ofSeconds(30);
    private static final int MAX_CACHED = 10_000;

    private final Connections connections;
    private final CacheInvalidation invalidation;
    private final ShortLivedCache<Key, Optional<Connection>> byApplication;
    private final ShortLivedCache<ConnectionId, Optional<Connection>> byId;
    private final ShortLivedCache<ConnectionId, List<ProviderAccount>> kept;

    ConnectionDirectory(Connections connections, ClusterSignals signals) {
        this.connections = connections;
        this.byApplication = new ShortLivedCache<>(TTL, MAX_CACHED, signals::hearsOtherNodes);
        this.byId = new ShortLivedCache<>(TTL, MAX_CACHED, signals::hearsOtherNodes);
        this.kept = new ShortLivedCache<>(TTL, MAX_CACHED, signals::hearsOtherNodes);
        this.invalidation = new CacheInvalidation(signals, CHANNEL, this::forgetNow);
    }

    private record Key(ApplicationId applicationId, Provider provider) {}

    @Override
    public Optional<Own> ofApplication(ApplicationId applicationId, Provider provider) {
        return byApplication
                .get(new Key(applicationId, provider), key -> connections.find(key.applicationId(), key.provider()))
                .map(c -> new Own(c.account(), c.status() == Connection.Status.CONNECTED));
    }

    @Override
    public Optional<ProviderAccount> byId(ConnectionId connectionId) {
        return byId.get(connectionId, connections::byId).map(Connection::account);
    }

    @Override
    public Optional<ProviderAccount> byId(ConnectionId connectionId, int version) {
        Optional<ProviderAccount> current = byId(connectionId);
        if (current.isEmpty() || current.get().version() == version) {
            return current;
        }
        return kept.get(connectionId, connections::kept).stream()
                .filter(account -> account.version() == version)
                .findFirst();
    }

    @Override
    public List<ProviderAccount> inbound(ConnectionId connectionId) {
        Optional<ProviderAccount> current = byId(connectionId);
        if (current.isEmpty()) {
            return List.of();
        }
        List<ProviderAccount> accounts = new ArrayList<>();
        accounts.add(current.get());
        accounts.addAll(kept.get(connectionId, connections::kept));
        return accounts;
    }

    /** A connection as stored, through the same cache. */
    Optional<Connection> connection(ConnectionId connectionId) {
        return byId.get(connectionId, connections::byId);
    }

    /** After a change: this node forgets now and at commit, the others when the signal reaches them. */
    void changed() {
        invalidation.changed();
    }

    private void forgetNow() {
        byApplication.clear();
        byId.clear();
        kept.clear();
    }
}
