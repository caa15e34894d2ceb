<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * Reads fields of decoded API answers.
 *
 * @internal
 */
final class Fields
{
    private function __construct()
    {
    }

    /** A scalar as text (as Jackson's asText() does), null for null, arrays and absence. */
    public static function text(mixed $value): ?string
    {
        return match (true) {
            is_string($value) => $value,
            is_bool($value) => $value ? 'true' : 'false',
            is_int($value), is_float($value) => (string) $value,
            default => null,
        };
    }

    /** @param array<array-key, mixed> $node */
    public static function string(array $node, string $field): ?string
    {
        return self::text($node[$field] ?? null);
    }

    /** @param array<array-key, mixed> $node */
    public static function instant(array $node, string $field): ?\DateTimeImmutable
    {
        $value = self::string($node, $field);
        if ($value === null) {
            return null;
        }
        try {
            return (new \DateTimeImmutable($value))->setTimezone(new \DateTimeZone('UTC'));
        } catch (\Exception $e) {
            throw new \UnexpectedValueException('Xaalis answered an invalid ' . $field . ': ' . $value, 0, $e);
        }
    }

    /**
     * A query string of the parameters that are not null, in their order, form-encoded.
     *
     * @param array<string, ?string> $params
     */
    public static function query(array $params): string
    {
        return http_build_query(array_filter($params, static fn ($value) => $value !== null), '', '&');
    }

    /** An instant as ISO 8601 UTC, like Java's Instant.toString(): seconds, then the fraction if any. */
    public static function iso(\DateTimeInterface $time): string
    {
        $utc = \DateTimeImmutable::createFromInterface($time)->setTimezone(new \DateTimeZone('UTC'));
        $micros = $utc->format('u');
        return $utc->format('Y-m-d\TH:i:s') . ($micros === '000000' ? '' : '.' . $micros) . 'Z';
    }
}
