package sn.xaalis.verification;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.context.MessageSource;
import org.springframework.context.i18n.LocaleContextHolder;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditActor;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.mail.Mail;
import sn.xaalis.mail.MailOutbox;
import sn.xaalis.merchant.LiveApprovals;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.merchant.MerchantRegister;
import sn.xaalis.platform.Timestamps;

/**
 * The operator's side: reading what a merchant sent (documents included, to operators only), then
 * approving it — which is what lets a self-service account go live — or refusing it with a reason the
 * merchant reads in the portal and by e-mail.
 */
@Service
public class VerificationDecisions {

    private final Verifications verifications;
    private final DocumentContents contents;
    private final LiveApprovals approvals;
    private final MerchantRegister merchants;
    private final MailOutbox outbox;
    private final MessageSource messages;
    private final AuditTrail audit;
    private final Clock clock;

    VerificationDecisions(
            Verifications verifications,
            DocumentContents contents,
            LiveApprovals approvals,
            MerchantRegister merchants,
            MailOutbox outbox,
            MessageSource messages,
            AuditTrail audit,
            Clock clock) {
        this.verifications = verifications;
        this.contents = contents;
        this.approvals = approvals;
        this.merchants = merchants;
        this.outbox = outbox;
        this.messages = messages;
        this.audit = audit;
        this.clock = clock;
    }

    /** Merchants waiting for a decision, the longest waiting first. */
    public List<MerchantId> waiting(int limit) {
        return verifications.waiting(limit).stream().map(MerchantId::new).toList();
    }

    /** A document's bytes and how to serve them, if it is this merchant's. */
    public record Content(String fileName, String contentType, byte[] bytes) {}

    public Optional<Content> document(MerchantId merchantId, UUID documentId) {
        return verifications
                .stored(merchantId, documentId)
                .map(stored -> new Content(stored.fileName(), stored.contentType(), contents.read(stored)));
    }

    /** Approves what the merchant sent, and with it live payments; refused unless it was sent. */
    @Transactional
    public void approve(MerchantId merchantId) {
        decide(merchantId, Verification.State.APPROVED, null);
        approvals.approve(merchantId);
    }

    /** Refuses what the merchant sent, saying why; the merchant may correct it and send it again. */
    @Transactional
    public void refuse(MerchantId merchantId, String reason) {
        String said = reason.strip();
        if (said.isEmpty() || said.length() > 500) {
            throw VerificationRefusal.of("reason", "verification.error.reason");
        }
        decide(merchantId, Verification.State.REFUSED, said);
    }

    private void decide(MerchantId merchantId, Verification.State state, @Nullable String reason) {
        verifications.lock(merchantId, clock.instant());
        Verification current = verifications.find(merchantId).orElseThrow();
        if (!current.submitted()) {
            throw VerificationRefusal.of("state", "verification.error.notSubmitted");
        }
        String by = AuditTrail.currentActor().map(AuditActor::auditName).orElse("operator");
        verifications.setState(merchantId, state, reason, by, Timestamps.truncate(clock.instant()));
        audit.record(
                "verification.decided",
                merchantId.value(),
                merchantId.toString(),
                Map.of("state", "submitted"),
                reason == null ? Map.of("state", state.value()) : Map.of("state", state.value(), "reason", reason));
        merchants.find(merchantId).ifPresent(merchant -> {
            String key = "verification.mail." + state.value();
            var locale = LocaleContextHolder.getLocale();
            Object[] args = {merchant.name(), reason == null ? "" : reason};
            outbox.enqueue(new Mail(
                    merchant.email(),
                    messages.getMessage(key + ".subject", args, locale),
                    messages.getMessage(key + ".body", args, locale),
                    "verification"));
        });
    }
}
