package sn.xaalis.platform;

import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.core.Ordered;
import org.springframework.stereotype.Component;

/**
 * Requests are served by Tomcat's own pool of platform threads ({@code server.tomcat.threads.*}),
 * although {@code spring.threads.virtual.enabled} keeps virtual threads for the scheduled jobs, the
 * webhook deliveries and other background work.
 *
 * <p>Measured (bench M2, status reads on PostgreSQL, two servers of one database in alternating
 * rounds): a virtual thread parks on every database round trip, and its unpark goes through the JDK's
 * poller and a carrier's wake-up. With platform threads a read cost 17 % less CPU (server and
 * PostgreSQL, median of 6 rounds: 358 against 429 µs) and M2 gained 21 % (4,812 against 3,987/s). A
 * request's work on the database is bounded by the connection pool either way.
 */
@Component
class RequestThreads implements WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory>, Ordered {

    @Override
    public void customize(ConfigurableTomcatWebServerFactory factory) {
        // Runs after Boot's virtual-thread customizer (order 1): no executor makes the connector start
        // its own thread pool, sized by server.tomcat.threads.max.
        factory.addProtocolHandlerCustomizers(handler -> handler.setExecutor(null));
    }

    @Override
    public int getOrder() {
        return Ordered.LOWEST_PRECEDENCE;
    }
}
