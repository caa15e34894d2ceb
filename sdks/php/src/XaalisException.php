<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A call to Xaalis that did not succeed: either the API answered with an error ({@see self::getError()}
 * holds its §7 body) or no answer came after the retries ({@see self::getStatus()} is 0). The message
 * never contains the API secret.
 */
final class XaalisException extends \RuntimeException
{
    private function __construct(string $message, private readonly int $status, private readonly ?ApiError $error)
    {
        parent::__construct($message, $status);
    }

    /** @internal */
    public static function fromError(ApiError $error): self
    {
        return new self($error->status . ' ' . $error->error . ': ' . $error->message, $error->status, $error);
    }

    /** @internal */
    public static function unreachable(string $message): self
    {
        return new self($message, 0, null);
    }

    /** The HTTP status, or 0 when Xaalis could not be reached. */
    public function getStatus(): int
    {
        return $this->status;
    }

    /** The error body, or null when Xaalis could not be reached. */
    public function getError(): ?ApiError
    {
        return $this->error;
    }

    /** Whether trying the same call again later may succeed (no answer, 409, 429, 5xx). */
    public function isRetryable(): bool
    {
        return $this->status === 0 || $this->status === 409 || $this->status === 429 || $this->status >= 500;
    }
}
