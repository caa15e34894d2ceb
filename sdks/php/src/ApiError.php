<?php

declare(strict_types=1);

namespace Xaalis;

/** The error body of SPEC §7, as an API error answer carries it. */
final class ApiError
{
    /**
     * @param int $status the HTTP status code
     * @param string|null $error the reason phrase, such as "Bad Request"
     * @param string|null $message a readable message
     * @param string|null $timestamp when the error happened, ISO 8601 with an offset
     * @param array<string, list<string>> $errors per-field details (field name to messages); empty when there are none
     */
    public function __construct(
        public readonly int $status,
        public readonly ?string $error,
        public readonly ?string $message,
        public readonly ?string $timestamp,
        public readonly array $errors = [],
    ) {
    }
}
