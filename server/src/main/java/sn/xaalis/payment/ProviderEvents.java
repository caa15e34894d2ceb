package sn.xaalis.payment;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.provider.InboxProperties;
import sn.xaalis.provider.ProviderCallbacks;
import sn.xaalis.provider.ProviderInbox;
import sn.xaalis.provider.ProviderNotice;

/**
 * Acts on the providers' events stored in the {@link ProviderInbox} after they were answered: confirms
 * an operator's success with the operator, closes the wallet's session after a failed attempt, moves
 * the payment ({@link ProviderNotices}) and records what became of the event in the exchange log. An
 * event whose provider cannot be asked is acted on again later; one claimed by a node that crashed is
 * claimed again once its lease runs out. On every node, every {@code xaalis.providers.inbox.interval}.
 */
@Component
class ProviderEvents {

    private static final Logger log = LoggerFactory.getLogger(ProviderEvents.class);
    private static final int BATCH = 20;
    private static final int PURGE_BATCH = 500;

    private final ProviderInbox inbox;
    private final ProviderCallbacks callbacks;
    private final ProviderNotices notices;
    private final Clock clock;
    private Instant nextPurge = Instant.MIN;

    ProviderEvents(ProviderInbox inbox, ProviderCallbacks callbacks, ProviderNotices notices, Clock clock) {
        this.inbox = inbox;
        this.callbacks = callbacks;
        this.notices = notices;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob providerEventsJob(ProviderEvents events, InboxProperties properties) {
        return new PeriodicJob("provider-events", properties.interval(), () -> events.actOnDue() >= BATCH);
    }

    /** One batch of due events; the number claimed. */
    int actOnDue() {
        purgeDone();
        List<ProviderInbox.Event> claimed = inbox.claim(BATCH);
        for (ProviderInbox.Event event : claimed) {
            try {
                act(event);
            } catch (RuntimeException e) {
                // The database briefly away, say: the event stays and is tried again after a pause.
                log.warn(
                        "Acting on a {} event failed, it is tried again later: {}",
                        event.notice().provider(),
                        e.toString());
                inbox.retryLater(event, "failed: " + e);
            }
        }
        return claimed.size();
    }

    private void act(ProviderInbox.Event event) {
        ProviderNotice notice = callbacks.confirmed(event.notice());
        ProviderNotices.Applied applied = notices.apply(notice);
        callbacks.recordHandled(notice, event.body(), applied.reference(), applied.outcome(), event.attempts() == 0);
        if (applied.again()) {
            inbox.retryLater(event, applied.outcome());
        } else {
            inbox.done(event, applied.outcome());
        }
    }

    /** Events acted on are kept a while for the providers' retries; once a minute is plenty. */
    private void purgeDone() {
        Instant now = clock.instant();
        if (now.isBefore(nextPurge)) {
            return;
        }
        nextPurge = now.plusSeconds(60);
        inbox.purgeDone(PURGE_BATCH);
    }
}
