package sn.xaalis.verification;

import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import sn.xaalis.merchant.MerchantId;
import sn.xaalis.platform.Timestamps;

/** The {@code merchant_verifications} and {@code merchant_documents} tables. */
@Repository
class Verifications {

    private static final String DOCUMENT_COLUMNS =
            "id, kind, file_name, content_type, size_bytes, uploaded_by, uploaded_at";

    private final JdbcClient jdbc;

    Verifications(JdbcClient jdbc) {
        this.jdbc = jdbc;
    }

    Optional<Verification> find(MerchantId merchantId) {
        return jdbc.sql("SELECT * FROM merchant_verifications WHERE merchant_id = :m")
                .param("m", merchantId.value())
                .query((rs, n) -> new Verification(
                        new LegalDetails(
                                rs.getString("legal_name"),
                                rs.getString("ninea"),
                                rs.getString("rccm"),
                                rs.getString("address"),
                                rs.getString("contact_phone"),
                                rs.getString("contact_email"),
                                rs.getString("responsible_name"),
                                rs.getString("responsible_role")),
                        Verification.State.valueOf(rs.getString("state").toUpperCase(java.util.Locale.ROOT)),
                        rs.getString("refusal_reason"),
                        Timestamps.fromDatabase(rs.getObject("submitted_at", OffsetDateTime.class)),
                        Timestamps.fromDatabase(rs.getObject("decided_at", OffsetDateTime.class))))
                .optional();
    }

    /** Locks the merchant's row (made if missing), so that saving, sending and deciding take turns. */
    void lock(MerchantId merchantId, Instant now) {
        jdbc.sql("INSERT INTO merchant_verifications (merchant_id, state, updated_at) VALUES (:m, 'draft', :now)"
                        + " ON CONFLICT DO NOTHING")
                .param("m", merchantId.value())
                .param("now", Timestamps.toDatabase(now))
                .update();
        jdbc.sql("SELECT merchant_id FROM merchant_verifications WHERE merchant_id = :m FOR UPDATE")
                .param("m", merchantId.value())
                .query(UUID.class)
                .single();
    }

    void saveDetails(MerchantId merchantId, LegalDetails d, Instant now) {
        jdbc.sql("UPDATE merchant_verifications SET legal_name = ?, ninea = ?, rccm = ?, address = ?,"
                        + " contact_phone = ?, contact_email = ?, responsible_name = ?, responsible_role = ?,"
                        + " updated_at = ? WHERE merchant_id = ?")
                .params(Arrays.<@Nullable Object>asList(
                        d.legalName(),
                        d.ninea(),
                        d.rccm(),
                        d.address(),
                        d.contactPhone(),
                        d.contactEmail(),
                        d.responsibleName(),
                        d.responsibleRole(),
                        Timestamps.toDatabase(now),
                        merchantId.value()))
                .update();
    }

    /** Moves the request to {@code state}; the reason and who decided, for a decision. */
    void setState(
            MerchantId merchantId,
            Verification.State state,
            @Nullable String reason,
            @Nullable String decidedBy,
            Instant now) {
        boolean decision = state == Verification.State.APPROVED || state == Verification.State.REFUSED;
        jdbc.sql("UPDATE merchant_verifications SET state = ?, refusal_reason = ?, decided_by = ?,"
                        + " decided_at = ?, submitted_at = CASE WHEN ? THEN ? ELSE submitted_at END, updated_at = ?"
                        + " WHERE merchant_id = ?")
                .params(Arrays.<@Nullable Object>asList(
                        state.value(),
                        reason,
                        decidedBy,
                        decision ? Timestamps.toDatabase(now) : null,
                        state == Verification.State.SUBMITTED,
                        Timestamps.toDatabase(now),
                        Timestamps.toDatabase(now),
                        merchantId.value()))
                .update();
    }

    /** Merchants waiting for the operator's decision, the longest waiting first. */
    List<UUID> waiting(int limit) {
        return jdbc.sql("SELECT merchant_id FROM merchant_verifications WHERE state = 'submitted'"
                        + " ORDER BY submitted_at LIMIT :limit")
                .param("limit", limit)
                .query((rs, n) -> rs.getObject(1, UUID.class))
                .list();
    }

    void insertDocument(
            UUID id,
            MerchantId merchantId,
            String kind,
            DocumentFile file,
            String sha256,
            byte @Nullable [] content,
            @Nullable String path,
            String uploadedBy,
            Instant now) {
        jdbc.sql("INSERT INTO merchant_documents (id, merchant_id, kind, file_name, content_type, size_bytes, sha256,"
                        + " content, storage_path, uploaded_by, uploaded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
                .params(Arrays.<@Nullable Object>asList(
                        id,
                        merchantId.value(),
                        kind,
                        file.fileName(),
                        file.type().contentType,
                        file.content().length,
                        sha256,
                        content,
                        path,
                        uploadedBy,
                        Timestamps.toDatabase(now)))
                .update();
    }

    List<VerificationDocument> documents(MerchantId merchantId) {
        return jdbc.sql("SELECT " + DOCUMENT_COLUMNS + " FROM merchant_documents WHERE merchant_id = :m"
                        + " ORDER BY uploaded_at, id")
                .param("m", merchantId.value())
                .query((rs, n) -> new VerificationDocument(
                        rs.getObject("id", UUID.class),
                        rs.getString("kind"),
                        rs.getString("file_name"),
                        rs.getString("content_type"),
                        rs.getInt("size_bytes"),
                        rs.getString("uploaded_by"),
                        rs.getObject("uploaded_at", OffsetDateTime.class).toInstant()))
                .list();
    }

    /** A stored document's bytes (from its row) or where they are (its path); empty for another merchant's. */
    record Stored(String fileName, String contentType, byte @Nullable [] content, @Nullable String path) {}

    Optional<Stored> stored(MerchantId merchantId, UUID documentId) {
        return jdbc.sql("SELECT file_name, content_type, content, storage_path FROM merchant_documents"
                        + " WHERE id = :id AND merchant_id = :m")
                .param("id", documentId)
                .param("m", merchantId.value())
                .query((rs, n) -> new Stored(
                        rs.getString("file_name"),
                        rs.getString("content_type"),
                        rs.getBytes("content"),
                        rs.getString("storage_path")))
                .optional();
    }

    Optional<String> deleteDocument(MerchantId merchantId, UUID documentId) {
        Optional<String> path = jdbc.sql("SELECT COALESCE(storage_path, '') FROM merchant_documents"
                        + " WHERE id = :id AND merchant_id = :m")
                .param("id", documentId)
                .param("m", merchantId.value())
                .query(String.class)
                .optional();
        jdbc.sql("DELETE FROM merchant_documents WHERE id = :id AND merchant_id = :m")
                .param("id", documentId)
                .param("m", merchantId.value())
                .update();
        return path;
    }
}
