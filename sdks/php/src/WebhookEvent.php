<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A verified notification (SPEC §6.2), as {@see WebhookVerifier::verify()} returns it.
 */
final class WebhookEvent
{
    /**
     * @param string $id `<reference>:<STATUS>`, identical on every delivery of the same notification:
     *     deduplicate on it
     * @param string $event `transaction.success`, `transaction.failed`, `transaction.cancelled`,
     *     `transaction.expired` or `transaction.refunded`
     * @param string|null $environment `sandbox` or `live`
     * @param string|null $createdAt when the notification was created, ISO 8601 UTC
     * @param array<array-key, mixed> $data the payment fields (SPEC §2.2): strings, ints, floats, bools,
     *     null and nested arrays; `amount` is a string such as "1500.00"
     * @param string $rawBody the body exactly as received
     * @param array<array-key, mixed> $metadata the merchant's metadata object, or [] when it is not one
     */
    public function __construct(
        public readonly string $id,
        public readonly string $event,
        public readonly ?string $environment,
        public readonly ?string $createdAt,
        public readonly array $data,
        public readonly string $rawBody,
        private readonly array $metadata = [],
    ) {
    }

    /** A top-level field of data as text, or null when absent or not a string. */
    public function dataString(string $field): ?string
    {
        $value = $this->data[$field] ?? null;
        return is_string($value) ? $value : null;
    }

    /** The payment's reference, from data.reference. */
    public function reference(): ?string
    {
        return $this->dataString('reference');
    }

    /**
     * The merchant's metadata object sent at initiation, or an empty array.
     *
     * @return array<array-key, mixed>
     */
    public function metadata(): array
    {
        return $this->metadata;
    }
}
