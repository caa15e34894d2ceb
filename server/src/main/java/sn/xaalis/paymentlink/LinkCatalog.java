package sn.xaalis.paymentlink;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;
import org.springframework.stereotype.Service;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.merchant.Caller;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.payment.PaymentFilter;
import sn.xaalis.platform.PublicBaseUrl;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Timestamps;

/** Creating, listing and deactivating links, for the API (one application) and the portal (a merchant). */
@Service
record LinkCatalog(PaymentLinks links, LinkRules rules, PublicBaseUrl publicBaseUrl, AuditTrail audit, Clock clock) {

    /** 16 base32 characters: 80 random bits (D22 asks for at least 10 characters). */
    static final int CODE_LENGTH = 16;

    private static final Pattern CODE = Pattern.compile("[a-z2-7]{" + CODE_LENGTH + "}");

    /** A page of links and where the next one starts (null when this is the last). */
    record Page(List<PaymentLink> links, @Nullable String nextCursor) {}

    /** Stores a new link for the caller's application and environment; {@link LinkRules.Refused} when invalid. */
    PaymentLink create(Caller owner, LinkDraft draft) {
        LinkRules.Terms terms = rules.check(owner, draft);
        PaymentLink link = new PaymentLink(
                RandomTokens.uuidV7(clock),
                RandomTokens.base32Lower(CODE_LENGTH),
                owner.applicationId(),
                owner.merchantId(),
                owner.environment(),
                terms.amount(),
                terms.minAmount(),
                terms.maxAmount(),
                terms.currency(),
                terms.description(),
                terms.providers(),
                terms.singleUse(),
                terms.expiresAt(),
                terms.maxPaymentsPerHour(),
                true,
                null,
                null,
                null,
                Timestamps.truncate(clock.instant()));
        links.insert(link);
        audit.record(
                "payment_link.created",
                owner.merchantId().value(),
                link.code(),
                null,
                java.util.Map.of(
                        "environment",
                        link.environment().value(),
                        "amount",
                        String.valueOf(terms.amount()),
                        "description",
                        String.valueOf(terms.description()),
                        "single_use",
                        terms.singleUse()));
        return link;
    }

    Page ofApplication(Caller caller, PaymentFilter.@Nullable Position after, int size) {
        return page(links.ofApplication(caller.applicationId(), caller.environment(), after, size + 1), size);
    }

    Page ofMerchant(MerchantId merchantId, PaymentFilter.@Nullable Position after, int size) {
        return page(links.ofMerchant(merchantId, after, size + 1), size);
    }

    /** What each of these links has brought, in one query for them all; a link with nothing is absent. */
    java.util.Map<java.util.UUID, LinkTakings> takings(List<PaymentLink> page) {
        return links.takings(page.stream().map(PaymentLink::id).toList());
    }

    private static Page page(List<PaymentLink> rows, int size) {
        if (rows.size() <= size) {
            return new Page(rows, null);
        }
        PaymentLink last = rows.get(size - 1);
        return new Page(rows.subList(0, size), new PaymentFilter.Position(last.createdAt(), last.id()).cursor());
    }

    /** The caller's link after deactivation; empty when it has none with this code. */
    Optional<PaymentLink> deactivate(Caller caller, String code) {
        return wellFormed(code)
                        && links.deactivateOfApplication(code, caller.applicationId(), caller.environment(), now())
                ? links.find(code)
                : Optional.empty();
    }

    /** The same for the portal: any of the merchant's links. */
    boolean deactivate(MerchantId merchantId, String code) {
        boolean done = wellFormed(code) && links.deactivateOfMerchant(code, merchantId, now());
        if (done) {
            audit.record(
                    "payment_link.deactivated",
                    merchantId.value(),
                    code,
                    java.util.Map.of("active", true),
                    java.util.Map.of("active", false));
        }
        return done;
    }

    /** Any link by its code, for the customer pages that anyone holding the code may open. */
    Optional<PaymentLink> publicLink(String code) {
        return wellFormed(code) ? links.find(code) : Optional.empty();
    }

    /** One of the merchant's links; another merchant's does not exist here. */
    Optional<PaymentLink> find(MerchantId merchantId, String code) {
        return publicLink(code).filter(link -> link.merchantId().equals(merchantId));
    }

    /** {@code {public_base_url}/l/{code}}: what the merchant shares. */
    String url(PaymentLink link) {
        return publicBaseUrl.value() + "/l/" + link.code();
    }

    Instant now() {
        return clock.instant();
    }

    private static boolean wellFormed(String code) {
        return code != null && CODE.matcher(code).matches();
    }
}
