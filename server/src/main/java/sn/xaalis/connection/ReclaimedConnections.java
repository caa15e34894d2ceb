package sn.xaalis.connection;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.MerchantReclaimed;
import sn.xaalis.provider.Provider;

/**
 * An unconfirmed account taken back by its address's owner loses the payment accounts connected before
 * (whoever signed up first would have had customers pay into theirs), in the same transaction. A
 * connection with live payments still open stays, as a removal in the portal would: they could no longer
 * be asked about; the operator is told by the log.
 */
@Component
class ReclaimedConnections {

    private static final Logger log = LoggerFactory.getLogger(ReclaimedConnections.class);

    private final ConnectionSettings settings;
    private final Connections connections;

    ReclaimedConnections(ConnectionSettings settings, Connections connections) {
        this.settings = settings;
        this.connections = connections;
    }

    @EventListener
    void reclaimed(MerchantReclaimed reclaimed) {
        for (Connection connection : connections.ofMerchant(reclaimed.merchantId())) {
            Provider provider = connection.provider();
            try {
                settings.remove(connection.applicationId(), provider);
            } catch (ConnectionRefusal.PaymentsStillOpen e) {
                log.warn("A reclaimed account's {} connection {} kept: {}", provider, connection.id(), e.getMessage());
            }
        }
    }
}
