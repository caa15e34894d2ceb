<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A payment as the API returns it (SPEC §2.1 at initiation, §2.2 plus links and times for the status).
 */
final class Payment
{
    /**
     * @param string|null $amount exact decimal text with two decimals, as sent by the API ("1500.00")
     * @param string|null $status PROCESSING, SUCCESS, FAILED, CANCELLED, EXPIRED or REFUNDED
     * @param array<string, string> $deepLinks links that open the provider's app, by key (WALLET, MM, APP2)
     * @param string|null $qrCode base64 PNG without a data: prefix; only in the initiation response, else null
     * @param \DateTimeImmutable|null $paidAt null until paid (and in the initiation response)
     * @param \DateTimeImmutable|null $expiredAt null unless expired
     * @param string|null $errorMessage the reason of a failure, else null
     * @param array<array-key, mixed> $metadata your JSON object, as you sent it
     * @param string|null $fee the operator's fee ("23.00"), set when the payment succeeds ("0.00" on your own
     *     provider account); null before, and in the initiation response
     * @param string|null $netAmount the amount less the fee, what your balance is credited; null until the
     *     payment succeeds
     */
    public function __construct(
        public readonly ?string $transactionUuid,
        public readonly ?string $reference,
        public readonly ?string $provider,
        public readonly ?string $environment,
        public readonly ?string $amount,
        public readonly ?string $currency,
        public readonly ?string $status,
        public readonly array $deepLinks,
        public readonly ?string $qrCode,
        public readonly ?string $providerReference,
        public readonly ?\DateTimeImmutable $expiresAt,
        public readonly ?\DateTimeImmutable $createdAt,
        public readonly ?\DateTimeImmutable $paidAt,
        public readonly ?\DateTimeImmutable $expiredAt,
        public readonly ?string $errorMessage,
        public readonly array $metadata,
        public readonly ?string $fee = null,
        public readonly ?string $netAmount = null,
    ) {
    }

    /** Whether the payment reached a status it will not leave (except SUCCESS, which a refund can change). */
    public function isFinal(): bool
    {
        return $this->status !== 'PROCESSING';
    }

    /**
     * @internal
     * @param array<array-key, mixed> $node a decoded payment object
     */
    public static function fromArray(array $node): self
    {
        $links = [];
        foreach (is_array($node['deep_links'] ?? null) ? $node['deep_links'] : [] as $key => $link) {
            $links[(string) $key] = Fields::text($link) ?? '';
        }
        return new self(
            Fields::string($node, 'transaction_uuid'),
            Fields::string($node, 'reference'),
            Fields::string($node, 'provider'),
            Fields::string($node, 'environment'),
            Fields::string($node, 'amount'),
            Fields::string($node, 'currency'),
            Fields::string($node, 'status'),
            $links,
            Fields::string($node, 'qr_code'),
            Fields::string($node, 'provider_reference'),
            Fields::instant($node, 'expires_at'),
            Fields::instant($node, 'created_at'),
            Fields::instant($node, 'paid_at'),
            Fields::instant($node, 'expired_at'),
            Fields::string($node, 'error_message'),
            is_array($node['metadata'] ?? null) ? $node['metadata'] : [],
            Fields::string($node, 'fee'),
            Fields::string($node, 'net_amount'),
        );
    }
}
