<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A verified notification (SPEC §6.2), as {@see WebhookVerifier::verify()} returns it.
 */
final class WebhookEvent
{
    /** The payment's reference, from data.reference (null when absent or not a string). */
    public readonly ?string $reference;

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
     * @param array<array-key, mixed> $metadata the merchant's metadata object sent at initiation, or []
     *     when it is not one
     */
    public function __construct(
        public readonly string $id,
        public readonly string $event,
        public readonly ?string $environment,
        public readonly ?string $createdAt,
        public readonly array $data,
        public readonly string $rawBody,
        public readonly array $metadata = [],
    ) {
        $this->reference = $this->dataString('reference');
    }

    /** A top-level field of data as text, or null when absent or not a string. */
    public function dataString(string $field): ?string
    {
        $value = $this->data[$field] ?? null;
        return is_string($value) ? $value : null;
    }
}
