<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A payment link to create: a fixed amount ({@see self::fixed()}) or a range the customer chooses in
 * ({@see self::range()}), then optional fields through the with…() methods. Every instance is immutable.
 */
final class PaymentLinkRequest
{
    /** @param list<string>|null $providers */
    private function __construct(
        public readonly ?string $amount = null,
        public readonly ?string $minAmount = null,
        public readonly ?string $maxAmount = null,
        public readonly ?string $currency = null,
        public readonly ?string $description = null,
        public readonly ?array $providers = null,
        public readonly ?bool $singleUse = null,
        public readonly ?\DateTimeImmutable $expiresAt = null,
    ) {
    }

    /**
     * A link for one amount.
     *
     * @param string|int $amount decimal text such as "4500"
     */
    public static function fixed(string|int $amount): self
    {
        return new self(amount: Amounts::text($amount));
    }

    /** A link at which the customer chooses the amount between min and max. */
    public static function range(string|int $min, string|int $max): self
    {
        return new self(minAmount: Amounts::text($min), maxAmount: Amounts::text($max));
    }

    /** A currency code; unset means XOF. */
    public function withCurrency(?string $value): self
    {
        return $this->with(['currency' => $value]);
    }

    /** Shown to the customer and carried by each payment as its description (at most 500 characters). */
    public function withDescription(?string $value): self
    {
        return $this->with(['description' => $value]);
    }

    /**
     * The payment methods offered; unset means every provider active for the application.
     *
     * @param list<string>|null $value such as ['WALLET_SN']
     */
    public function withProviders(?array $value): self
    {
        return $this->with(['providers' => $value === null ? null : array_values($value)]);
    }

    /** Whether the link is paid at most once (default false). */
    public function withSingleUse(?bool $value): self
    {
        return $this->with(['singleUse' => $value]);
    }

    /** When the link stops taking payments (in the future); null for never. */
    public function withExpiresAt(?\DateTimeInterface $value): self
    {
        return $this->with(['expiresAt' => $value === null ? null : \DateTimeImmutable::createFromInterface($value)]);
    }

    /**
     * The request body's fields, unset ones left out.
     *
     * @internal
     * @return array<string, mixed>
     */
    public function toBody(): array
    {
        $body = [
            'amount' => $this->amount,
            'min_amount' => $this->minAmount,
            'max_amount' => $this->maxAmount,
            'currency' => $this->currency,
            'description' => $this->description,
            'providers' => $this->providers,
            'single_use' => $this->singleUse,
            'expires_at' => $this->expiresAt === null ? null : Fields::iso($this->expiresAt),
        ];
        return array_filter($body, static fn ($value) => $value !== null);
    }

    /** @param array<string, mixed> $changes */
    private function with(array $changes): self
    {
        return new self(...array_merge(get_object_vars($this), $changes));
    }
}
