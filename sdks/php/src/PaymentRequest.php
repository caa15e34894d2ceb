<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * What to collect (SPEC §4.1). Start with {@see self::of()} and add optional fields with the with…()
 * methods; every instance is immutable.
 */
final class PaymentRequest
{
    /**
     * @param string $provider WALLET_SN or MOBILEMONEY_SN
     * @param string $amount decimal text: at least 0.01, at most two decimals; whole for MOBILEMONEY_SN
     * @param string|null $currency null for the default (XOF)
     * @param array<array-key, mixed>|null $metadata your own data, returned as sent in the status and in
     *     notifications; null for none
     */
    private function __construct(
        public readonly string $provider,
        public readonly string $amount,
        public readonly ?string $currency = null,
        public readonly ?string $description = null,
        public readonly ?string $customerPhone = null,
        public readonly ?string $customerName = null,
        public readonly ?array $metadata = null,
        public readonly ?string $successUrl = null,
        public readonly ?string $errorUrl = null,
    ) {
    }

    /**
     * A request for an amount through a provider, every optional field unset.
     *
     * @param string|int $amount exact decimal text such as "1500" or "1500.50" (never a float), or a whole number
     * @throws \InvalidArgumentException when the amount is not a decimal number
     */
    public static function of(string $provider, string|int $amount): self
    {
        return new self($provider, Amounts::text($amount));
    }

    /** A currency code; unset means XOF. */
    public function withCurrency(?string $value): self
    {
        return $this->with(['currency' => $value]);
    }

    /** A label for you (at most 500 characters), shown in the portal. */
    public function withDescription(?string $value): self
    {
        return $this->with(['description' => $value]);
    }

    /** In international format: + then digits. */
    public function withCustomerPhone(?string $value): self
    {
        return $this->with(['customerPhone' => $value]);
    }

    /** The customer's name (at most 100 characters). */
    public function withCustomerName(?string $value): self
    {
        return $this->with(['customerName' => $value]);
    }

    /**
     * Any JSON-encodable associative array; use it to link the payment to your order.
     *
     * @param array<array-key, mixed>|null $value
     */
    public function withMetadata(?array $value): self
    {
        return $this->with(['metadata' => $value]);
    }

    /** Where the customer goes after paying; unset means the application's callback_url_success. */
    public function withSuccessUrl(?string $value): self
    {
        return $this->with(['successUrl' => $value]);
    }

    /** Where the customer goes after a failure; unset means the application's callback_url_failure. */
    public function withErrorUrl(?string $value): self
    {
        return $this->with(['errorUrl' => $value]);
    }

    /**
     * The request body's fields, unset ones left out, in the API's order.
     *
     * @internal
     * @return array<string, mixed>
     */
    public function toBody(): array
    {
        $body = [
            'provider' => $this->provider,
            'amount' => $this->amount,
            'currency' => $this->currency,
            'description' => $this->description,
            'customer_phone' => $this->customerPhone,
            'customer_name' => $this->customerName,
            // An empty PHP array is still a JSON object here, never [].
            'metadata' => $this->metadata === null ? null : (object) $this->metadata,
            'success_url' => $this->successUrl,
            'error_url' => $this->errorUrl,
        ];
        return array_filter($body, static fn ($value) => $value !== null);
    }

    /** @param array<string, mixed> $changes */
    private function with(array $changes): self
    {
        return new self(...array_merge(get_object_vars($this), $changes));
    }
}
