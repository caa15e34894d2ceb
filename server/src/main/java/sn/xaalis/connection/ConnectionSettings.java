package sn.xaalis.connection;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.payment.PaymentQueries;
import sn.xaalis.platform.ApplicationId;
import sn.xaalis.platform.ConnectionId;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.ConnectionCheck;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderCallbacks;

/**
 * Connecting an application's own provider accounts, for the operator API and the portal alike: save
 * (stored first, then set up with the provider, which may call back at once), test, remove. Callers
 * have checked that the application is theirs to change.
 */
@Service
class ConnectionSettings {

    private final Connections connections;
    private final ConnectionDirectory directory;
    private final PaymentProviders providers;
    private final PaymentQueries payments;
    private final ApplicationDirectory applications;
    private final PublicBaseUrl publicBaseUrl;
    private final TransactionTemplate transactions;
    private final AuditTrail audit;
    private final Clock clock;

    ConnectionSettings(
            Connections connections,
            ConnectionDirectory directory,
            PaymentProviders providers,
            PaymentQueries payments,
            ApplicationDirectory applications,
            PublicBaseUrl publicBaseUrl,
            TransactionTemplate transactions,
            AuditTrail audit,
            Clock clock) {
        this.audit = audit;
        this.connections = connections;
        this.directory = directory;
        this.providers = providers;
        this.payments = payments;
        this.applications = applications;
        this.publicBaseUrl = publicBaseUrl;
        this.transactions = transactions;
        this.clock = clock;
    }

    Optional<ConnectionView> view(ApplicationId applicationId, Provider provider) {
        return connections.find(applicationId, provider).map(this::view);
    }

    /** Whether the installation's own account serves applications without theirs (D26). */
    boolean installationAccount(Provider provider) {
        return providers.installationConfigured(provider);
    }

    /**
     * Stores the credentials, then does the provider's side (the operator's callback registration, the
     * wallet's key check) and records how that went. Another account in place of the stored one (another
     * merchant code, another API key) is a new version: the one it replaces is kept for the payments
     * opened in it until they have ended.
     *
     * A retailer PIN entered (or a new retailer number) is tried once first, and the save refused when the
     * operator refuses it: three wrong PINs in a row block the retailer account. Tried and not refused, it
     * lifts an earlier refusal.
     *
     * @throws ConnectionRefusal.FieldsInvalid for credentials that cannot be right, or a PIN refused
     * @throws ConnectionRefusal.MerchantCodeTaken for a merchant code another connection or the installation has
     */
    ConnectionView save(ApplicationId applicationId, Provider provider, Map<String, String> fields) {
        Instant now = Timestamps.truncate(clock.instant());
        Optional<Connection> current = connections.find(applicationId, provider);
        var request = new ConnectionRequest(provider, fields);
        var credentials = request.merge(current.map(Connection::credentials), now);
        ConnectionId id = current.map(Connection::id).orElseGet(ConnectionId::random);
        boolean anotherAccount = current.isPresent() && !current.get().sameAccount(credentials);
        boolean pinEntered = request.entersRetailerPin();
        Connection stored = new Connection(
                id,
                applicationId,
                provider,
                credentials,
                current.map(c -> anotherAccount ? c.version() + 1 : c.version()).orElse(1),
                Connection.Status.FAILED,
                "the set-up with the provider has not finished",
                now,
                current.map(Connection::createdAt).orElse(now),
                now,
                // Kept (and shown) until a PIN is entered again and not refused when tried.
                pinEntered ? null : current.map(Connection::pinRefusal).orElse(null));
        String code = stored.merchantCode();
        if (code != null) {
            refuseTaken(applicationId, code); // before anything is stored, tried or registered at the operator
        }
        if (pinEntered) {
            ConnectionCheck pin = providers.checkPayoutCredentials(stored.account());
            if (!pin.ok()) {
                throw new ConnectionRefusal.FieldsInvalid(
                        Map.of("retailer_pin", List.of(ConnectionRequest.pinRefused(pin.message()))));
            }
        }
        try {
            transactions.executeWithoutResult(tx -> {
                if (anotherAccount) {
                    // Kept even without an open payment: one may be opening with it right now. The
                    // upkeep job forgets it once none is open.
                    connections.keep(current.get(), now);
                }
                connections.save(stored, current);
                if (pinEntered) {
                    connections.clearPinRefusal(stored.id());
                }
                directory.changed();
                // What the trail keeps of credentials is what the pages show: their last 4 characters.
                audit.record(
                        "connection.saved",
                        merchantOf(applicationId),
                        applicationId + "/" + provider.name(),
                        current.map(c -> ConnectionView.of(c, "", now).last4()).orElse(null),
                        ConnectionView.of(stored, "", now).last4());
            });
        } catch (DuplicateKeyException e) {
            if (code != null) {
                refuseTaken(applicationId, code); // the other of two saves of one code at the same moment
            }
            throw new ConnectionRefusal.ChangedMeanwhile();
        }
        String merchantName = applications
                .storefront(applicationId)
                .map(ApplicationDirectory.Storefront::merchantName)
                .orElse(null);
        ConnectionCheck check = providers.setUp(stored.account(), inboundUrl(stored), merchantName);
        return record(stored, check);
    }

    /** @throws ConnectionRefusal.MerchantCodeTaken unless the code is free or already this application's */
    private void refuseTaken(ApplicationId applicationId, String code) {
        if (providers.installationMerchantCode(code)) {
            throw ConnectionRefusal.MerchantCodeTaken.byTheInstallation(code);
        }
        if (connections.holdersOf(code).stream().anyMatch(holder -> !holder.equals(applicationId))) {
            throw ConnectionRefusal.MerchantCodeTaken.byAnotherApplication(code);
        }
    }

    /** A harmless call to the provider with the stored credentials; the outcome is kept. */
    ConnectionView test(ApplicationId applicationId, Provider provider) {
        Connection stored = connections
                .find(applicationId, provider)
                .orElseThrow(() -> new ConnectionRefusal.NoConnection(provider));
        return record(stored, providers.test(stored.account(), inboundUrl(stored)));
    }

    /**
     * Removes a connection once no live payment opened with it is still open: they could no longer be
     * asked about, and their provider could no longer reach us.
     */
    void remove(ApplicationId applicationId, Provider provider) {
        Connection stored = connections
                .find(applicationId, provider)
                .orElseThrow(() -> new ConnectionRefusal.NoConnection(provider));
        PaymentQueries.OpenPayments open = payments.openInConnection(stored.id());
        if (open.count() > 0) {
            throw new ConnectionRefusal.PaymentsStillOpen(open.count(), open.lastDeadline());
        }
        transactions.executeWithoutResult(tx -> {
            connections.delete(stored.id());
            directory.changed();
            audit.record(
                    "connection.removed",
                    merchantOf(applicationId),
                    applicationId + "/" + provider.name(),
                    ConnectionView.of(stored, "", clock.instant()).last4(),
                    null);
        });
    }

    private ConnectionView record(Connection stored, ConnectionCheck check) {
        Connection checked = stored.checked(check.ok(), check.message(), Timestamps.truncate(clock.instant()));
        if (connections.recordCheck(checked, stored.updatedAt())) {
            directory.changed();
            return view(checked);
        }
        // Replaced meanwhile: the newer credentials' own check is what counts.
        return view(connections.byId(stored.id()).orElse(stored));
    }

    private ConnectionView view(Connection c) {
        return ConnectionView.of(c, inboundUrl(c), clock.instant());
    }

    private String inboundUrl(Connection c) {
        return publicBaseUrl.value() + ProviderCallbacks.inboundPath(c.provider(), c.id());
    }

    private java.util.@Nullable UUID merchantOf(ApplicationId applicationId) {
        return applications
                .caller(applicationId, Environment.SANDBOX)
                .map(Caller::merchantId)
                .map(id -> id.value())
                .orElse(null);
    }
}
