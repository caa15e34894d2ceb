package sn.xaalis.provider.live;

import java.math.BigDecimal;
import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Component;
import sn.xaalis.platform.Environment;
import sn.xaalis.provider.CodeRequest;
import sn.xaalis.provider.CodeResult;
import sn.xaalis.provider.ConnectionCheck;
import sn.xaalis.provider.Credentials;
import sn.xaalis.provider.InstallationPins;
import sn.xaalis.provider.LiveProvider;
import sn.xaalis.provider.PayoutAnswer;
import sn.xaalis.provider.PayoutChannel;
import sn.xaalis.provider.PayoutTransfer;
import sn.xaalis.provider.Provider;
import sn.xaalis.provider.ProviderAccount;
import sn.xaalis.provider.ProviderAction;
import sn.xaalis.provider.ProviderExchanges;
import sn.xaalis.provider.ProviderProperties;
import sn.xaalis.provider.ProviderResult;
import sn.xaalis.provider.RetailerPins;
import sn.xaalis.provider.SessionReference;
import sn.xaalis.provider.SessionRequest;
import sn.xaalis.provider.SessionState;
import tools.jackson.databind.json.JsonMapper;

/**
 * MOBILEMONEY_SN in live: the operator's QR-code merchant payments behind OAuth2 client credentials, in
 * one merchant code's account. Field by field as docs/providers.md records it; each use case in its
 * own class ({@link MobileMoneyQrCodes}, {@link MobileMoneyOneStep}, {@link MobileMoneyCallbacks}, {@link
 * MobileMoneyCashIns}),
 * all calling through {@link MobileMoneyApi}.
 */
@Component
public class MobileMoneyProvider implements LiveProvider, PayoutChannel {

    private final MobileMoneyApi api;
    private final MobileMoneyQrCodes qrCodes;
    private final MobileMoneyOneStep oneStep;
    private final MobileMoneyCallbacks callbacks;
    private final MobileMoneyCashIns cashIns;

    MobileMoneyProvider(
            ProviderProperties properties,
            ProviderExchanges exchanges,
            ProviderCallMetrics metrics,
            JsonMapper json,
            RetailerPins pins,
            InstallationPins installationPins,
            Clock clock) {
        ProviderProperties.MobileMoney settings = properties.mobilemoney();
        var http = new ProviderHttp(Provider.MOBILEMONEY_SN, properties.http(), exchanges, metrics, clock);
        this.api = new MobileMoneyApi(settings, http, new MobileMoneyTokens(settings, http, json, clock), json);
        this.qrCodes = new MobileMoneyQrCodes(api, json, clock);
        this.oneStep = new MobileMoneyOneStep(api, json);
        this.callbacks = new MobileMoneyCallbacks(api, json);
        this.cashIns = new MobileMoneyCashIns(
                api,
                json,
                pins,
                installationPins,
                properties.http().connectTimeout().plus(properties.http().readTimeout()));
    }

    @Override
    public Provider provider() {
        return Provider.MOBILEMONEY_SN;
    }

    @Override
    public boolean reachable() {
        return api.reachable();
    }

    @Override
    public boolean serves(Provider provider, Environment environment) {
        return provider == Provider.MOBILEMONEY_SN && environment == Environment.LIVE && reachable();
    }

    /** Whether transactions can be looked up (a setting: not every contract has the call). */
    boolean looksUp() {
        return api.looksUp();
    }

    @Override
    public ProviderResult createSession(@Nullable ProviderAccount account, SessionRequest request) {
        // the sandbox alone opens sessions without an account (PaymentProviders)
        Objects.requireNonNull(account, "a live session's account");
        return qrCodes.create(account, request);
    }

    @Override
    public SessionState sessionState(ProviderAccount account, SessionReference session) {
        return qrCodes.state(account, session);
    }

    /** One transaction's status, as the operator's own source of truth gives it. */
    SessionState transactionState(ProviderAccount account, String reference, String transactionId) {
        return qrCodes.transactionState(account, reference, transactionId);
    }

    @Override
    public CodeResult payWithCode(ProviderAccount account, CodeRequest request) {
        return oneStep.pay(account, request);
    }

    /**
     * The operator offers no call to withdraw a QR code: cancelling is ours alone, and a payment made
     * on it anyway still reaches us through a notification (and is refused by the state machine).
     */
    @Override
    public ProviderAction cancel(ProviderAccount account, SessionReference session) {
        return new ProviderAction.Done();
    }

    /** The operator's merchant-payment API has no refund call; say so rather than pretend. */
    @Override
    public ProviderAction refund(ProviderAccount account, SessionReference session) {
        return new ProviderAction.Refused(
                "MOBILEMONEY_SN has no refund API; refund the customer from the operator's merchant portal");
    }

    @Override
    public PayoutAnswer sendPayout(ProviderAccount account, PayoutTransfer transfer) {
        return cashIns.send(account, transfer);
    }

    @Override
    public Optional<BigDecimal> payoutBalance(ProviderAccount account) {
        return cashIns.balance(account);
    }

    @Override
    public PayoutAnswer findPayout(ProviderAccount account, PayoutTransfer transfer) {
        return cashIns.find(account, transfer);
    }

    /** The operator documents no idempotency for cash-ins: one that is not found is never sent again. */
    @Override
    public boolean resendsPayoutsSafely() {
        return false;
    }

    @Override
    public @Nullable String payoutsBlocked(Credentials credentials) {
        return cashIns.blocked(credentials);
    }

    /** Each cash-in carries the retailer PIN, which the third wrong try in a row blocks. */
    @Override
    public boolean sendsOneAtATime() {
        return true;
    }

    @Override
    public ConnectionCheck checkPayoutCredentials(ProviderAccount account) {
        return cashIns.tryPin(account);
    }

    @Override
    public ConnectionCheck setUp(ProviderAccount account, String inboundUrl, @Nullable String merchantName) {
        return callbacks.register(account, inboundUrl, merchantName);
    }

    @Override
    public ConnectionCheck test(ProviderAccount account, String inboundUrl) {
        return callbacks.check(account, inboundUrl);
    }
}
