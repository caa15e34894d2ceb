<?php

declare(strict_types=1);

namespace Xaalis;

/** What moved the balance once (API §16.2). */
final class BalanceTransaction
{
    /**
     * @param string|null $type payment, refund, refund_reversal, settlement, settlement_reversal, fee or adjustment
     * @param string|null $amount the payment's amount; for a refund, minus the amount refunded (decimal text)
     * @param string|null $fee the operator's fee on a payment; on a refund, minus the fee given back
     * @param string|null $net what the balance moved: amount - fee
     * @param string|null $reference the payment's reference; for a settlement or its reversal, the settlement's id
     * @param string|null $availableOn for a payment, the day (Dakar time, "2026-11-23") its net becomes
     *     available; else null
     * @param string|null $description for an adjustment, the operator's reason; else null
     */
    public function __construct(
        public readonly ?string $id,
        public readonly ?string $type,
        public readonly ?string $amount,
        public readonly ?string $fee,
        public readonly ?string $net,
        public readonly ?string $reference,
        public readonly ?\DateTimeImmutable $createdAt,
        public readonly ?string $availableOn,
        public readonly ?string $description = null,
    ) {
    }

    /**
     * @internal
     * @param array<array-key, mixed> $node a decoded balance transaction
     */
    public static function fromArray(array $node): self
    {
        return new self(
            Fields::string($node, 'id'),
            Fields::string($node, 'type'),
            Fields::string($node, 'amount'),
            Fields::string($node, 'fee'),
            Fields::string($node, 'net'),
            Fields::string($node, 'reference'),
            Fields::instant($node, 'created_at'),
            Fields::string($node, 'available_on'),
            Fields::string($node, 'description'),
        );
    }
}
