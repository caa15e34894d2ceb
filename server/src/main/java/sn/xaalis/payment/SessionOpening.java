package sn.xaalis.payment;

import java.time.Clock;
import java.time.Instant;
import org.springframework.stereotype.Component;
import sn.xaalis.merchant.ApplicationDirectory;
import sn.xaalis.merchant.Caller;
import sn.xaalis.platform.Environment;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.Timestamps;
import sn.xaalis.provider.PaymentProviders;
import sn.xaalis.provider.ProviderResult;
import sn.xaalis.provider.SessionRequest;
import sn.xaalis.qr.QrCodePng;

/**
 * Opens the provider's session for a new payment (outside any transaction: it is a call to the
 * operator) and describes the payment it makes, not yet stored.
 */
@Component
class SessionOpening {

    private final PaymentProviders providers;
    private final PaymentProperties properties;
    private final Clock clock;
    private final ApplicationDirectory directory;
    private final PublicBaseUrl publicBaseUrl;

    SessionOpening(
            PaymentProviders providers,
            PaymentProperties properties,
            Clock clock,
            ApplicationDirectory directory,
            PublicBaseUrl publicBaseUrl) {
        this.providers = providers;
        this.properties = properties;
        this.clock = clock;
        this.directory = directory;
        this.publicBaseUrl = publicBaseUrl;
    }

    PaymentInitiation.Initiated open(Caller caller, PaymentOrder order, PaymentId id, Reference reference) {
        Instant now = Timestamps.truncate(clock.instant());
        Instant deadline = now.plus(properties.validity());
        ProviderResult.Created created = created(sessionRequest(caller, order, reference, deadline));
        Instant expiresAt = created.expiresAt() != null && created.expiresAt().isBefore(deadline)
                ? Timestamps.truncate(created.expiresAt())
                : deadline;
        String providerQrCode = created.qrCodePng();
        String qrCode = providerQrCode != null
                ? providerQrCode
                : QrCodePng.base64(created.deepLinks().firstEntry().getValue());
        return new PaymentInitiation.Initiated(
                Payment.builder()
                        .transactionUuid(id)
                        .reference(reference)
                        .applicationId(caller.applicationId())
                        .environment(caller.environment())
                        .provider(order.provider())
                        .amount(order.amount())
                        .currency(order.currency())
                        .status(PaymentStatus.PROCESSING)
                        .description(order.description())
                        .customerPhone(order.customerPhone())
                        .customerName(order.customerName())
                        .metadataJson(order.metadataJson())
                        .successUrl(order.successUrl())
                        .errorUrl(order.errorUrl())
                        .providerReference(created.providerReference())
                        .deepLinks(created.deepLinks())
                        .expiresAt(expiresAt)
                        .createdAt(now)
                        .connectionId(created.connectionId())
                        .connectionVersion(created.connectionVersion())
                        .build(),
                qrCode,
                providerQrCode);
    }

    /** The provider's new session, or the API's answer to its refusal or absence. */
    private ProviderResult.Created created(SessionRequest request) {
        return switch (providers.createSession(request)) {
            case ProviderResult.Created session -> session;
            case ProviderResult.Refused refused -> throw new PaymentRefusal.ProviderRefused(refused.reason());
            case ProviderResult.Unavailable unavailable ->
                throw new PaymentRefusal.ProviderUnavailable(unavailable.reason());
        };
    }

    /**
     * Live providers need somewhere to send the customer back to: the payment's own URLs, else the
     * application's callbacks, else our neutral return page.
     */
    private SessionRequest sessionRequest(Caller caller, PaymentOrder order, Reference reference, Instant deadline) {
        String merchantName = null;
        String success = order.successUrl();
        String error = order.errorUrl();
        if (caller.environment() == Environment.LIVE) {
            var storefront = directory.storefront(caller.applicationId());
            merchantName = storefront
                    .map(ApplicationDirectory.Storefront::merchantName)
                    .orElse(null);
            String fallback = publicBaseUrl.value() + "/return/" + reference.value();
            if (success == null) {
                success = storefront
                        .map(ApplicationDirectory.Storefront::callbackUrlSuccess)
                        .orElse(fallback);
            }
            if (error == null) {
                error = storefront
                        .map(ApplicationDirectory.Storefront::callbackUrlFailure)
                        .orElse(fallback);
            }
        }
        return new SessionRequest(
                caller.applicationId(),
                reference.value(),
                order.provider(),
                caller.environment(),
                order.amount(),
                order.currency(),
                order.customerPhone(),
                merchantName,
                success,
                error,
                deadline);
    }
}
