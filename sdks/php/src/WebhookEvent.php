<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A verified notification (SPEC §6.2), as {@see WebhookVerifier::verify()} returns it: a payment's
 * (transaction.*), a payout's (payout.*, API §15.2) or a settlement's (settlement.*, API §17.2).
 */
final class WebhookEvent
{
    /** The payment's or the payout's reference, from data.reference (null when absent or not a string). */
    public readonly ?string $reference;

    /** The status the payment or the payout moved to, from data.status (null when absent or not a string). */
    public readonly ?string $status;

    /** The payout of a payout.* notification, read from data; null for a payment's notification. */
    public readonly ?Payout $payout;

    /** The settlement of a settlement.* notification, read from data; null for any other. */
    public readonly ?Settlement $settlement;

    /**
     * @param string $id `<reference>:<STATUS>`, identical on every delivery of the same notification:
     *     deduplicate on it
     * @param string $event `transaction.success`, `transaction.failed`, `transaction.cancelled`,
     *     `transaction.expired` or `transaction.refunded` for a payment; `payout.success`, `payout.failed`
     *     or `payout.reversed` for a payout; `settlement.paid` or `settlement.failed` for a settlement
     * @param string|null $environment `sandbox` or `live`
     * @param string|null $createdAt when the notification was created, ISO 8601 UTC
     * @param array<array-key, mixed> $data the payment fields (SPEC §2.2) or the payout's (API §15.1): strings, ints, floats, bools,
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
        $this->status = $this->dataString('status');
        $this->payout = str_starts_with($event, 'payout.') ? Payout::fromArray($data) : null;
        $this->settlement = str_starts_with($event, 'settlement.') ? Settlement::fromArray($data) : null;
    }

    /** A top-level field of data as text, or null when absent or not a string. */
    public function dataString(string $field): ?string
    {
        $value = $this->data[$field] ?? null;
        return is_string($value) ? $value : null;
    }
}
