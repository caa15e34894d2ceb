package sn.xaalis.verification;

import java.time.Instant;
import java.util.UUID;

/** A document as lists show it: never its content. */
public record VerificationDocument(
        UUID id,
        String kind,
        String fileName,
        String contentType,
        int sizeBytes,
        String uploadedBy,
        Instant uploadedAt) {}
