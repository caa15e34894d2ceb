<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A settlement as the API returns it (API §17.1), and as the data of its notifications.
 */
final class Settlement
{
    /**
     * @param string|null $id the settlement's identifier in every other call
     * @param string|null $reference STL- and 8 characters, as the notifications' ids carry it
     * @param string|null $environment sandbox or live
     * @param string|null $amount what is paid out, exact decimal text with two decimals ("4500.00")
     * @param string|null $destination the number it goes to, masked ("+221 77 *** ** 67")
     * @param string|null $status PROCESSING, PAID, FAILED or REVERSED
     * @param string|null $payoutReference the reference of the payout that carries it
     * @param string|null $origin who asked: api, portal or automatic
     * @param string|null $failureCode the provider's code of a failure, else null
     * @param string|null $failureReason why it failed, else null
     */
    public function __construct(
        public readonly ?string $id,
        public readonly ?string $reference,
        public readonly ?string $environment,
        public readonly ?string $amount,
        public readonly ?string $currency,
        public readonly ?string $provider,
        public readonly ?string $destination,
        public readonly ?string $status,
        public readonly ?string $payoutReference,
        public readonly ?string $origin,
        public readonly ?string $failureCode,
        public readonly ?string $failureReason,
        public readonly ?\DateTimeImmutable $createdAt,
        public readonly ?\DateTimeImmutable $updatedAt,
    ) {
    }

    /**
     * @internal
     * @param array<array-key, mixed> $node a decoded settlement object
     */
    public static function fromArray(array $node): self
    {
        return new self(
            Fields::string($node, 'id'),
            Fields::string($node, 'reference'),
            Fields::string($node, 'environment'),
            Fields::string($node, 'amount'),
            Fields::string($node, 'currency'),
            Fields::string($node, 'provider'),
            Fields::string($node, 'destination'),
            Fields::string($node, 'status'),
            Fields::string($node, 'payout_reference'),
            Fields::string($node, 'origin'),
            Fields::string($node, 'failure_code'),
            Fields::string($node, 'failure_reason'),
            Fields::instant($node, 'created_at'),
            Fields::instant($node, 'updated_at'),
        );
    }
}
