package sn.xaalis.payout;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PeriodicJob;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderPayouts;

/**
 * Sends queued payouts at each provider's pace and settles those whose outcome is unknown, on any number
 * of nodes (rows are claimed with {@code FOR UPDATE SKIP LOCKED}). A payout is marked {@code SENDING}
 * and committed before its provider is called; from then on it is only asked about, never sent again
 * unless its provider guarantees that a second request under the same key cannot pay twice.
 */
@Component
class PayoutSender {

    private static final Logger log = LoggerFactory.getLogger(PayoutSender.class);
    private static final int BATCH = 100;
    /** An unknown outcome is asked about after checkAfter, then twice as late each time, up to this. */
    private static final Duration LONGEST_WAIT = Duration.ofMinutes(30);
    /** A provider that says "no such payout" this many times in a row is believed. */
    static final int ABSENT_CHECKS = 3;

    private final PayoutStore store;
    private final PayoutTransitions transitions;
    private final PayoutProperties properties;
    private final TransactionTemplate transactions;
    private final Clock clock;
    private final PayoutRail sandbox = new SandboxPayoutRail();
    private final PayoutRail live;
    private final ProviderPayouts providers;
    private final Map<Provider, Long> lastPass = new ConcurrentHashMap<>();

    PayoutSender(
            PayoutStore store,
            PayoutTransitions transitions,
            PayoutProperties properties,
            LivePayoutRail live,
            ProviderPayouts providers,
            TransactionTemplate transactions,
            Clock clock) {
        this.providers = providers;
        this.store = store;
        this.live = live;
        this.transitions = transitions;
        this.properties = properties;
        this.transactions = transactions;
        this.clock = clock;
    }

    @Bean
    static PeriodicJob payoutSending(PayoutSender sender, PayoutProperties properties) {
        return PeriodicJob.every(properties.jobInterval(), "payout-sending", sender::send);
    }

    @Bean
    static PeriodicJob payoutChecks(PayoutSender sender, PayoutProperties properties) {
        return new PeriodicJob("payout-checks", properties.jobInterval(), () -> sender.check() >= BATCH);
    }

    /** The rail a payout goes by: its provider's, or the sandbox's, where nothing leaves Xaalis. */
    private PayoutRail rail(Payout payout) {
        return payout.environment() == Environment.SANDBOX ? sandbox : live;
    }

    /**
     * One pass: each provider's share of queued payouts (its pace times the time since the last), sent in
     * parallel, or one account's after the other where the provider wants that (the operator's PIN).
     */
    int send() {
        int sent = 0;
        for (Provider provider : Provider.values()) {
            int allowance = allowance(provider);
            Instant now = clock.instant();
            List<Payout> claimed = transactions.execute(tx -> {
                List<Payout> due = store.lockQueued(provider, now, allowance);
                List<Payout> marked = new ArrayList<>();
                Map<Object, Boolean> held = new HashMap<>();
                for (Payout payout : due) {
                    if (held(payout, held)) {
                        // Neither sent nor failed: it waits, queued, for the merchant to enter the PIN again.
                        store.postpone(payout.id(), now.plus(properties.checkAfter()));
                        continue;
                    }
                    if (store.markSending(payout.id(), Timestamps.truncate(now), now.plus(firstCheck(payout)))) {
                        marked.add(payout.sending());
                    }
                }
                return marked;
            });
            if (claimed == null || claimed.isEmpty()) {
                continue;
            }
            // Committed as SENDING above: whatever happens from here, these are only ever asked about.
            try (ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor()) {
                for (List<Payout> inTurn : inTurns(provider, claimed)) {
                    calls.submit(() -> inTurn.forEach(this::sendOne));
                }
            }
            sent += claimed.size();
        }
        return sent;
    }

    private void sendOne(Payout payout) {
        try {
            apply(payout, rail(payout).send(payout));
        } catch (RuntimeException e) {
            // Left SENDING: asked about at its check, never sent again; the next in its turn still goes.
            log.warn("Could not send payout {}: {}", payout.reference(), e.toString());
        }
    }

    /**
     * Whether a live payout's account sends nothing for now (its PIN refused: a connection's, or the
     * installation's for a settlement), once per account a pass.
     */
    private boolean held(Payout payout, Map<Object, Boolean> known) {
        if (payout.environment() != Environment.LIVE) {
            return false;
        }
        if (payout.fromInstallation()) {
            return known.computeIfAbsent(
                    payout.provider(),
                    p -> providers.heldAtInstallation(payout.provider()).isPresent());
        }
        ConnectionId connection = payout.connectionId();
        return connection != null
                && known.computeIfAbsent(
                        connection, c -> providers.held(connection).isPresent());
    }

    /**
     * The payouts that go together, each list one after the other: one account's in one list where its
     * provider wants that (each cash-in carries the retailer PIN: the first refusal stops the others).
     */
    private List<List<Payout>> inTurns(Provider provider, List<Payout> claimed) {
        if (!providers.sendsOneAtATime(provider)) {
            return claimed.stream().map(List::of).toList();
        }
        Map<Object, List<Payout>> byAccount = new LinkedHashMap<>();
        for (Payout payout : claimed) {
            Object account = payout.environment() != Environment.LIVE
                    ? payout.id() // the sandbox calls no provider
                    : payout.fromInstallation()
                            ? "installation" // one retailer PIN for every settlement
                            : payout.connectionId() != null ? payout.connectionId() : payout.id();
            byAccount.computeIfAbsent(account, a -> new ArrayList<>()).add(payout);
        }
        return List.copyOf(byAccount.values());
    }

    /**
     * What a provider may be sent now: its pace times the time since this node's last pass (the job waits
     * its interval after each pass ends, so a fixed share per pass fell a third short of the pace), at most
     * two intervals' worth after a pause. Measured on the monotonic clock: pacing is about elapsed time,
     * not the business time the injected clock tells.
     */
    private int allowance(Provider provider) {
        long now = System.nanoTime();
        Long last = lastPass.put(provider, now);
        long interval = properties.jobInterval().toNanos();
        long since = last == null ? interval : Math.min(Math.max(now - last, 0), 2 * interval);
        return (int) Math.max(1, properties.pace(provider) * since / 1_000_000_000L);
    }

    /** One pass over payouts sent without a known outcome (or watched for a reversal), due to be asked about. */
    int check() {
        Instant now = clock.instant();
        List<Payout> due = new ArrayList<>();
        for (PayoutStage stage : List.of(PayoutStage.SENDING, PayoutStage.WATCH)) {
            List<Payout> claimed = transactions.execute(tx -> {
                List<Payout> locked = store.lockDue(stage, now, BATCH);
                // Pushing the next check out is the claim: another node's pass skips them till then.
                locked.forEach(p -> store.askAgainAt(
                        p.id(), now.plus(stage == PayoutStage.WATCH ? watchEvery(p) : wait(p.checks() + 1))));
                return locked;
            });
            if (claimed != null) {
                due.addAll(claimed);
            }
        }
        for (Payout payout : due) {
            try {
                checkOne(payout, now);
            } catch (RuntimeException e) {
                log.warn("Could not check payout {}: {}", payout.reference(), e.toString());
            }
        }
        return due.size();
    }

    private void checkOne(Payout payout, Instant now) {
        PayoutRail rail = rail(payout);
        PayoutAnswer answer = rail.find(payout);
        if (payout.stage() == PayoutStage.WATCH) {
            if (answer instanceof PayoutAnswer.Settled settled
                    && PayoutStatus.of(settled.outcome()) != payout.status()) {
                transitions.settle(payout, settled, null);
            } else if (payout.settledAt() == null
                    || !payout.settledAt().plus(properties.watchFor()).isAfter(now)) {
                store.stopWatching(payout.id(), Timestamps.truncate(now));
            }
            return;
        }
        switch (answer) {
            case PayoutAnswer.Absent absent -> {
                if (rail.resendsSafely(payout)) {
                    // Sent again under the same key, which the provider guarantees cannot pay twice.
                    store.requeue(payout.id(), Timestamps.truncate(now), Timestamps.truncate(now));
                } else if (payout.checks() + 1 >= ABSENT_CHECKS) {
                    transitions.needsReview(
                            payout,
                            "The provider has no record of this payout; it is not sent again. Check the"
                                    + " provider's statement, then mark it paid or failed.");
                }
            }
            case PayoutAnswer.Unknown unknown -> {
                if (!payout.createdAt().plus(properties.reviewAfter()).isAfter(now)) {
                    transitions.needsReview(
                            payout,
                            "The provider could not say what became of this payout; it is not sent again."
                                    + " Check the provider's statement, then mark it paid or failed.");
                }
            }
            default -> apply(payout, answer);
        }
    }

    /** What a provider's answer does to a payout in {@code SENDING}. */
    private void apply(Payout payout, PayoutAnswer answer) {
        try {
            switch (answer) {
                case PayoutAnswer.Settled settled -> {
                    Instant watch = settled.outcome() == PayoutAnswer.Outcome.SUCCEEDED
                                    && rail(payout).reversible(payout)
                            ? clock.instant().plus(watchEvery(payout))
                            : null;
                    transitions.settle(payout, settled, watch);
                }
                case PayoutAnswer.Pending pending -> {
                    if (pending.providerReference() != null) {
                        store.remember(payout.id(), pending.providerReference());
                    }
                }
                // Asked about at its next check: the SENDING mark has it scheduled.
                case PayoutAnswer.Absent absent -> {}
                case PayoutAnswer.NotSent notSent -> {
                    Instant now = Timestamps.truncate(clock.instant());
                    store.requeue(payout.id(), now, now.plus(properties.checkAfter()));
                    log.info("Payout {} not sent ({}); it will go later", payout.reference(), notSent.why());
                }
                case PayoutAnswer.Unknown unknown ->
                    log.info(
                            "Payout {} sent without a known outcome ({}); it will be asked about",
                            payout.reference(),
                            unknown.why());
            }
        } catch (RuntimeException e) {
            log.warn("Could not record the outcome of payout {}: {}", payout.reference(), e.toString());
        }
    }

    /** How long after its sending a payout is first asked about: never while its call may be under way. */
    private Duration firstCheck(Payout payout) {
        if (payout.environment() == Environment.SANDBOX) {
            return properties.checkAfter();
        }
        Duration deadline = providers.callDeadline();
        return deadline.compareTo(properties.checkAfter()) > 0 ? deadline : properties.checkAfter();
    }

    /** How long till a watched payout is asked about again (the sandbox's reversal comes at once). */
    private Duration watchEvery(Payout payout) {
        return payout.environment() == Environment.SANDBOX ? properties.sandboxDelay() : properties.watchEvery();
    }

    private Duration wait(int checks) {
        Duration wait = properties.checkAfter();
        for (int i = 1; i < checks && wait.compareTo(LONGEST_WAIT) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(LONGEST_WAIT) > 0 ? LONGEST_WAIT : wait;
    }
}
