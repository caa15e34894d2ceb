<?php

declare(strict_types=1);

namespace Xaalis;

/** What failed when a notification is refused, in the order the checks run (the Java SDK's names). */
enum WebhookVerificationReason: string
{
    /** No X-SVC-Signature header (or a blank one). */
    case MISSING_HEADER = 'MISSING_HEADER';
    /** The header has no t, no v1, or a part that is not key=value. */
    case MALFORMED_HEADER = 'MALFORMED_HEADER';
    /** t is more than the tolerance away from now, in the past or in the future. */
    case STALE_TIMESTAMP = 'STALE_TIMESTAMP';
    /** No v1 matches the body signed with any of the verifier's secrets. */
    case NO_MATCHING_SIGNATURE = 'NO_MATCHING_SIGNATURE';
    /** The signature is valid but the body is not a notification (not UTF-8 JSON, or fields missing). */
    case INVALID_BODY = 'INVALID_BODY';
}
