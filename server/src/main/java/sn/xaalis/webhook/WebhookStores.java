package sn.xaalis.webhook;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import sn.xaalis.cluster.ClusterSignals;
import sn.xaalis.platform.Database;
import sn.xaalis.platform.SeparatePool;
import sn.xaalis.platform.SeparatePools;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where the webhook module's SQL or wiring differs between the databases, the one implementation
 * this node's database needs, chosen here once at start-up (never by a branch inside a service).
 */
@Configuration(proxyBeanMethods = false)
class WebhookStores {

    /** On a pool of its own, so that a backlog being drained never takes a request's connection. */
    @Bean
    DeliveryLeases deliveryLeases(
            SeparatePools pools, Database database, WebhookProperties properties, JsonMapper json) {
        SeparatePool pool = pools.open("xaalis-webhooks", properties.connections());
        return database.embedded() ? new H2DeliveryLeases(pool) : new PostgresDeliveryLeases(pool, json);
    }

    @Bean
    NodeWakeUps otherNodes(Database database, ClusterSignals signals, DispatcherWakeUp wakeUp) {
        return database.embedded() ? NodeWakeUps.SINGLE_NODE : new PostgresNodeWakeUps(signals, wakeUp);
    }
}
