<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A notification that must be refused: answer it with HTTP 401. {@see self::getReason()} says precisely
 * what failed; the message never contains a secret or the expected signature.
 */
final class WebhookVerificationException extends \Exception
{
    /** @internal thrown by {@see WebhookVerifier} only */
    public function __construct(private readonly WebhookVerificationReason $reason, string $message)
    {
        parent::__construct($message);
    }

    /** What failed. */
    public function getReason(): WebhookVerificationReason
    {
        return $this->reason;
    }
}
