package sn.xaalis.verification;

import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import sn.xaalis.audit.AuditTrail;
import sn.xaalis.merchant.MerchantCredentials;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.RandomTokens;
import sn.xaalis.platform.Sha256;
import sn.xaalis.platform.Timestamps;

/**
 * The merchant's side of its verification: filling in its legal details, adding and removing documents
 * while it may, and sending the whole to the operator. Each change takes the verification's row lock, so
 * a document added while the request is being sent is either in it or refused.
 */
@Service
public class MerchantVerification {

    static final int MAX_DOCUMENTS = 10;

    private final Verifications verifications;
    private final DocumentContents contents;
    private final AuditTrail audit;
    private final MerchantCredentials credentials;
    private final Clock clock;

    MerchantVerification(
            Verifications verifications,
            DocumentContents contents,
            AuditTrail audit,
            MerchantCredentials credentials,
            Clock clock) {
        this.credentials = credentials;
        this.verifications = verifications;
        this.contents = contents;
        this.audit = audit;
        this.clock = clock;
    }

    public Verification of(MerchantId merchantId) {
        return verifications.find(merchantId).orElseGet(Verification::none);
    }

    public List<VerificationDocument> documents(MerchantId merchantId) {
        return verifications.documents(merchantId);
    }

    /** Saves the details as given (each field checked); refused once sent, until the operator answers. */
    @Transactional
    public void save(MerchantId merchantId, Map<String, String> form) {
        Map<String, List<String>> errors = new LinkedHashMap<>();
        LegalDetails details = LegalDetails.read(form, errors);
        if (!errors.isEmpty()) {
            throw new VerificationRefusal(errors);
        }
        Verification before = editable(merchantId);
        verifications.saveDetails(merchantId, details, now());
        audit.record(
                "verification.details.changed",
                merchantId.value(),
                merchantId.toString(),
                audited(before.details()),
                audited(details));
    }

    /** Adds a document; its type is judged by its content. */
    @Transactional
    public VerificationDocument upload(MerchantId merchantId, String kind, String fileName, byte[] content, String by) {
        if (!DocumentFile.KINDS.contains(kind)) {
            throw VerificationRefusal.of("kind", "verification.error.kind");
        }
        DocumentFile file;
        try {
            file = DocumentFile.check(fileName, content);
        } catch (DocumentFile.Refused refused) {
            throw VerificationRefusal.of("file", refused.messageKey);
        }
        editable(merchantId);
        if (verifications.documents(merchantId).size() >= MAX_DOCUMENTS) {
            throw VerificationRefusal.of("file", "verification.error.tooMany");
        }
        UUID id = RandomTokens.uuidV7(clock);
        Instant now = now();
        String path = contents.write(id, file.content());
        verifications.insertDocument(
                id,
                merchantId,
                kind,
                file,
                Sha256.hex(file.content()),
                path == null ? file.content() : null,
                path,
                by,
                now);
        audit.record(
                "verification.document.added",
                merchantId.value(),
                id.toString(),
                null,
                Map.of("kind", kind, "file_name", file.fileName(), "type", file.type().contentType));
        return new VerificationDocument(
                id, kind, file.fileName(), file.type().contentType, file.content().length, by, now);
    }

    @Transactional
    public void removeDocument(MerchantId merchantId, UUID documentId) {
        editable(merchantId);
        verifications.deleteDocument(merchantId, documentId).ifPresent(path -> {
            contents.delete(path);
            audit.record("verification.document.removed", merchantId.value(), documentId.toString(), Map.of(), null);
        });
    }

    /** Sends the details and documents to the operator: every required field, and one document at least. */
    @Transactional
    public void submit(MerchantId merchantId) {
        Verification current = editable(merchantId);
        if (!credentials.emailConfirmed(merchantId)) {
            throw VerificationRefusal.of("state", "verification.error.unconfirmed");
        }
        Map<String, List<String>> errors = new LinkedHashMap<>();
        current.details().missing().forEach(field -> errors.put(field, List.of("verification.error.required")));
        if (verifications.documents(merchantId).isEmpty()) {
            errors.put("file", List.of("verification.error.noDocument"));
        }
        if (!errors.isEmpty()) {
            throw new VerificationRefusal(errors);
        }
        verifications.setState(merchantId, Verification.State.SUBMITTED, null, null, now());
        audit.record(
                "verification.submitted",
                merchantId.value(),
                merchantId.toString(),
                Map.of("state", current.state().value()),
                Map.of("state", "submitted"));
    }

    /** The verification under its lock, if the merchant may still change it. */
    private Verification editable(MerchantId merchantId) {
        verifications.lock(merchantId, now());
        Verification current = of(merchantId);
        if (!current.editable()) {
            throw VerificationRefusal.of("state", "verification.error.locked");
        }
        return current;
    }

    private static Map<String, Object> audited(LegalDetails d) {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("legal_name", String.valueOf(d.legalName()));
        state.put("ninea", String.valueOf(d.ninea()));
        state.put("rccm", String.valueOf(d.rccm()));
        state.put("address", String.valueOf(d.address()));
        state.put("contact_phone", String.valueOf(d.contactPhone()));
        state.put("contact_email", String.valueOf(d.contactEmail()));
        state.put("responsible_name", String.valueOf(d.responsibleName()));
        state.put("responsible_role", String.valueOf(d.responsibleRole()));
        return state;
    }

    private Instant now() {
        return Timestamps.truncate(clock.instant());
    }
}
