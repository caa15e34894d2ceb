package sn.xaalis.settlement;

import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import sn.xaalis.ledger.SettlementPostings;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.Refusal;

/**
 * Settles, once a Dakar day from {@code automatic-from}, the available money of every merchant who asked
 * for it, when it reaches its minimum. Runs on every node: each settlement's key is the day's
 * ({@code auto:<day>}), unique per application and environment, so two nodes or a second pass settle once
 * (the second writer's transaction, debit included, rolls back on the key).
 */
@Component
class AutomaticSettlements {

    private static final Logger log = LoggerFactory.getLogger(AutomaticSettlements.class);
    static final ZoneId DAKAR = ZoneId.of("Africa/Dakar");

    private final SettlementStore store;
    private final SettlementCreation creation;
    private final SettlementPostings postings;
    private final SettlementProperties properties;
    private final Clock clock;

    AutomaticSettlements(
            SettlementStore store,
            SettlementCreation creation,
            SettlementPostings postings,
            SettlementProperties properties,
            Clock clock) {
        this.store = store;
        this.creation = creation;
        this.postings = postings;
        this.properties = properties;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob automaticSettlementJob(AutomaticSettlements job, SettlementProperties properties) {
        return PeriodicJob.every(properties.jobInterval(), "automatic-settlements", job::run);
    }

    /** One pass: how many settlements it created. */
    int run() {
        Instant now = clock.instant();
        ZonedDateTime local = now.atZone(DAKAR);
        if (local.toLocalTime().isBefore(properties.automaticFrom())) {
            return 0;
        }
        LocalDate day = local.toLocalDate();
        String key = "auto:" + day;
        int created = 0;
        for (Destination destination : store.automatic()) {
            if (!destination.usable(now)
                    || store.byKey(destination.applicationId(), destination.environment(), key)
                            .isPresent()) {
                continue;
            }
            var available = postings.available(
                    destination.applicationId(), destination.environment(), SettlementCreation.CURRENCY);
            if (available.signum() <= 0 || available.compareTo(destination.minimum()) < 0) {
                continue;
            }
            try {
                var outcome = creation.settle(new SettlementCreation.Request(
                        destination.applicationId(),
                        destination.environment(),
                        null,
                        key,
                        "automatic",
                        "automatic",
                        "xaalis"));
                if (!outcome.replayed()) {
                    created++;
                }
            } catch (Refusal | IllegalStateException e) {
                // The next pass tries again (a cap, a balance spent meanwhile); others go on.
                log.info("No automatic settlement for {} today yet: {}", destination.applicationId(), e.getMessage());
            }
        }
        return created;
    }
}
