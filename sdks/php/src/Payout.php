<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A payout as the API returns it (API §15.1), and as the data of its notifications.
 */
final class Payout
{
    /**
     * @param string|null $reference OUT- and 8 characters: the payout's identifier in every other call
     * @param string|null $environment sandbox or live
     * @param string|null $amount what the recipient gets, exact decimal text with two decimals ("5000.00")
     * @param string|null $fee what the provider charged on top; null until it said (and for MOBILEMONEY_SN)
     * @param string|null $status PROCESSING, SUCCESS, FAILED, REVERSED or NEEDS_REVIEW
     * @param string|null $failureCode the provider's code of a failure, else null
     * @param string|null $failureReason why it failed, or what to check for NEEDS_REVIEW; else null
     * @param array<array-key, mixed> $metadata your JSON object, as you sent it
     * @param \DateTimeImmutable|null $settledAt null until its outcome (or the need for a review) is known
     */
    public function __construct(
        public readonly ?string $reference,
        public readonly ?string $provider,
        public readonly ?string $environment,
        public readonly ?string $amount,
        public readonly ?string $fee,
        public readonly ?string $currency,
        public readonly ?string $recipientPhone,
        public readonly ?string $recipientName,
        public readonly ?string $reason,
        public readonly ?string $status,
        public readonly ?string $failureCode,
        public readonly ?string $failureReason,
        public readonly array $metadata,
        public readonly ?\DateTimeImmutable $createdAt,
        public readonly ?\DateTimeImmutable $updatedAt,
        public readonly ?\DateTimeImmutable $settledAt,
    ) {
    }

    /**
     * @internal
     * @param array<array-key, mixed> $node a decoded payout object
     */
    public static function fromArray(array $node): self
    {
        return new self(
            Fields::string($node, 'reference'),
            Fields::string($node, 'provider'),
            Fields::string($node, 'environment'),
            Fields::string($node, 'amount'),
            Fields::string($node, 'fee'),
            Fields::string($node, 'currency'),
            Fields::string($node, 'recipient_phone'),
            Fields::string($node, 'recipient_name'),
            Fields::string($node, 'reason'),
            Fields::string($node, 'status'),
            Fields::string($node, 'failure_code'),
            Fields::string($node, 'failure_reason'),
            is_array($node['metadata'] ?? null) ? $node['metadata'] : [],
            Fields::instant($node, 'created_at'),
            Fields::instant($node, 'updated_at'),
            Fields::instant($node, 'settled_at'),
        );
    }
}
