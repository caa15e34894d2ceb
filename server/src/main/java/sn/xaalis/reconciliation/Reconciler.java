package sn.xaalis.reconciliation;

import java.math.BigDecimal;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.ledger.ClearingQueries;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderPayouts;
import sn.xaalis.reconciliation.AccountReconciliation.ProviderStatus;

/**
 * Reconciles each of the installation's provider accounts (one per environment and provider, in francs):
 * asks the provider for the live account's balance, reads the ledger's, the money in flight, and the
 * previous run's unexplained difference. The sandbox's accounts are pretend ones: no provider is asked.
 */
@Component
class Reconciler {

    static final String CURRENCY = "XOF";
    private static final List<Provider> PROVIDERS = java.util.Arrays.stream(Provider.values())
            .sorted(java.util.Comparator.comparing(Provider::name))
            .toList();

    private final ProviderPayouts payouts;
    private final PaymentProviders providers;
    private final ClearingQueries clearing;
    private final ReconciliationRuns runs;
    private final ReconciliationProperties properties;
    private final Clock clock;

    Reconciler(
            ProviderPayouts payouts,
            PaymentProviders providers,
            ClearingQueries clearing,
            ReconciliationRuns runs,
            ReconciliationProperties properties,
            Clock clock) {
        this.payouts = payouts;
        this.providers = providers;
        this.clearing = clearing;
        this.runs = runs;
        this.properties = properties;
        this.clock = clock;
    }

    ReconciliationRun reconcile(UUID runId) {
        List<AccountReconciliation> accounts = new ArrayList<>();
        for (Environment environment : List.of(Environment.LIVE, Environment.SANDBOX)) {
            // In the order a stored run is read back in: environment, then provider, by name.
            for (Provider provider : PROVIDERS) {
                accounts.add(account(environment, provider));
            }
        }
        return new ReconciliationRun(runId, accounts.getLast().reconciledAt(), List.copyOf(accounts));
    }

    private AccountReconciliation account(Environment environment, Provider provider) {
        ProviderStatus status;
        BigDecimal providerBalance = null;
        if (environment == Environment.SANDBOX) {
            status = ProviderStatus.SANDBOX;
        } else if (!providers.installationConfigured(provider)) {
            status = ProviderStatus.NOT_CONFIGURED;
        } else {
            // Asked first: the ledger is read after the answer, so a payment posted meanwhile is on both.
            Optional<BigDecimal> answered = payouts.installationBalance(provider);
            status = answered.isPresent() ? ProviderStatus.ANSWERED : ProviderStatus.NO_ANSWER;
            providerBalance = answered.orElse(null);
        }
        Instant at = Timestamps.truncate(clock.instant());
        BigDecimal held = clearing.held(environment, provider, CURRENCY);
        var totals = clearing.inFlightTotals(environment, provider, CURRENCY);
        var previous = runs.previous(environment, provider, CURRENCY);
        BigDecimal difference = providerBalance == null ? null : providerBalance.subtract(held);
        BigDecimal unexplained = difference == null
                ? null
                : AccountReconciliation.unexplained(difference, totals.settlementsQueued(), totals.refunds());
        @Nullable
        BigDecimal before =
                previous.map(ReconciliationRuns.Previous::unexplained).orElse(null);
        return new AccountReconciliation(
                environment,
                provider,
                CURRENCY,
                at,
                status,
                providerBalance,
                held,
                totals.settlements(),
                totals.settlementsQueued(),
                totals.refunds(),
                difference,
                unexplained,
                unexplained == null || before == null ? null : unexplained.subtract(before),
                previous.map(ReconciliationRuns.Previous::at).orElse(null),
                clearing.inFlight(environment, provider, CURRENCY, properties.listLimit()));
    }
}
