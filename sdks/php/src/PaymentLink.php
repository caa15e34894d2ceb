<?php

declare(strict_types=1);

namespace Xaalis;

/** A payment link as the API returns it. */
final class PaymentLink
{
    /**
     * @param string|null $url {public_base_url}/l/{code}: the address to share
     * @param string|null $qrCode the url as a base64 PNG, without a data: prefix
     * @param string|null $amount the fixed amount ("4500.00"), or null for a range
     * @param list<string> $providers
     * @param string|null $state OPEN, IN_PROGRESS, PAID, EXPIRED or DEACTIVATED
     */
    public function __construct(
        public readonly ?string $code,
        public readonly ?string $url,
        public readonly ?string $qrCode,
        public readonly ?string $environment,
        public readonly ?string $amount,
        public readonly ?string $minAmount,
        public readonly ?string $maxAmount,
        public readonly ?string $currency,
        public readonly ?string $description,
        public readonly array $providers,
        public readonly bool $singleUse,
        public readonly ?\DateTimeImmutable $expiresAt,
        public readonly bool $active,
        public readonly ?string $state,
        public readonly ?\DateTimeImmutable $createdAt,
    ) {
    }

    /**
     * @internal
     * @param array<array-key, mixed> $node a decoded link object
     */
    public static function fromArray(array $node): self
    {
        $providers = [];
        foreach (is_array($node['providers'] ?? null) ? $node['providers'] : [] as $provider) {
            $providers[] = Fields::text($provider) ?? '';
        }
        return new self(
            Fields::string($node, 'code'),
            Fields::string($node, 'url'),
            Fields::string($node, 'qr_code'),
            Fields::string($node, 'environment'),
            Fields::string($node, 'amount'),
            Fields::string($node, 'min_amount'),
            Fields::string($node, 'max_amount'),
            Fields::string($node, 'currency'),
            Fields::string($node, 'description'),
            $providers,
            ($node['single_use'] ?? false) === true,
            Fields::instant($node, 'expires_at'),
            ($node['active'] ?? false) === true,
            Fields::string($node, 'state'),
            Fields::instant($node, 'created_at'),
        );
    }
}
