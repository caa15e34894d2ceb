package sn.xaalis.sdk;

/**
 * What failed when a notification is refused, in the order the checks run. The names are the same in
 * every Xaalis library ({@code sdks/README.md}) and in {@code testdata/webhook-signatures.json}.
 */
public enum WebhookVerificationReason {
    /** No {@code X-SVC-Signature} header (or a blank one). */
    MISSING_HEADER,
    /** The header has no {@code t}, no {@code v1}, or a part that is not {@code key=value}. */
    MALFORMED_HEADER,
    /** {@code t} is more than the tolerance away from now, in the past or in the future. */
    STALE_TIMESTAMP,
    /** No {@code v1} matches the body signed with any of the verifier's secrets. */
    NO_MATCHING_SIGNATURE,
    /** The signature is valid but the body is not a notification (not JSON, or fields missing). */
    INVALID_BODY
}
