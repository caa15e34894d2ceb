package sn.xaalis.connection;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Component;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.platform.PeriodicJob;

/**
 * Keeps the connections' stored accounts to what is needed: a replaced account is forgotten (its
 * secrets with it) once no payment opened in it is open; and, at start, operator connections saved
 * before merchant codes were stored apart get theirs, so that each code stays one connection's.
 */
@Component
class ConnectionUpkeep implements ApplicationRunner {

    private static final Logger log = LoggerFactory.getLogger(ConnectionUpkeep.class);

    /**
     * How long a replaced account is kept even without an open payment: a payment being opened in it
     * when it was replaced (a provider call, a node's cached connection) is stored a little later.
     */
    static final Duration OPENING_GRACE = Duration.ofMinutes(5);

    private final Connections connections;
    private final ConnectionDirectory directory;
    private final PaymentQueries payments;
    private final Clock clock;

    ConnectionUpkeep(Connections connections, ConnectionDirectory directory, PaymentQueries payments, Clock clock) {
        this.connections = connections;
        this.directory = directory;
        this.payments = payments;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob connectionVersionsJob(ConnectionUpkeep upkeep) {
        return PeriodicJob.every(Duration.ofMinutes(1), "connection-versions", upkeep::forgetEnded);
    }

    /** Forgets the replaced accounts whose payments have all ended; how many it forgot. */
    int forgetEnded() {
        Instant graceEnded = clock.instant().minus(OPENING_GRACE);
        int forgotten = 0;
        for (Connections.KeptVersion kept : connections.keptVersions()) {
            if (kept.replacedAt().isBefore(graceEnded)
                    && payments.openInConnection(kept.connectionId(), kept.version())
                                    .count()
                            == 0
                    && connections.forget(kept)) {
                forgotten++;
            }
        }
        if (forgotten > 0) {
            directory.changed();
        }
        return forgotten;
    }

    @Override
    public void run(ApplicationArguments arguments) {
        for (Connection c : connections.operatorsWithoutMerchantCode()) {
            try {
                connections.storeMerchantCode(c);
            } catch (DuplicateKeyException e) {
                // Two applications connected one code before it was refused: the operator sends its
                // notifications to one of them only. Named by connection (no secret), to be removed.
                log.warn(
                        "Connection {} collects into a merchant code another connection already has;"
                                + " remove one of them",
                        c.id());
            }
        }
    }
}
