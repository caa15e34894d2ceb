<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A payout to send (API §15.1). Start with {@see self::of()} and add optional fields with the with…()
 * methods; every instance is immutable.
 */
final class PayoutRequest
{
    /**
     * @param string $provider WALLET_SN or MOBILEMONEY_SN
     * @param string $amount decimal text: what the recipient gets, a whole number of francs (the
     *     provider's fee is charged on top)
     * @param string $recipientPhone +221 and a mobile number, such as +221771234567
     * @param string|null $recipientName null for none; at most 100 characters
     * @param string|null $reason null for none; at most 40 characters, shown on the recipient's receipt
     * @param array<array-key, mixed>|null $metadata your own data, returned as sent in the payout and its
     *     notifications; null for none
     */
    private function __construct(
        public readonly string $provider,
        public readonly string $amount,
        public readonly string $recipientPhone,
        public readonly ?string $recipientName = null,
        public readonly ?string $reason = null,
        public readonly ?array $metadata = null,
    ) {
    }

    /**
     * A payout of an amount through a provider to a recipient's number, every optional field unset.
     *
     * @param string|int $amount exact decimal text such as "5000" (never a float), or a whole number
     * @throws \InvalidArgumentException when the amount is not a decimal number
     */
    public static function of(string $provider, string|int $amount, string $recipientPhone): self
    {
        return new self($provider, Amounts::text($amount), $recipientPhone);
    }

    /** The recipient's name (at most 100 characters); the wallet may check it against the account. */
    public function withRecipientName(?string $value): self
    {
        return $this->with(['recipientName' => $value]);
    }

    /** Shown on the recipient's receipt (at most 40 characters). */
    public function withReason(?string $value): self
    {
        return $this->with(['reason' => $value]);
    }

    /**
     * Any JSON-encodable associative array (16 KiB at most); use it to link the payout to your records.
     *
     * @param array<array-key, mixed>|null $value
     */
    public function withMetadata(?array $value): self
    {
        return $this->with(['metadata' => $value]);
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
            'recipient_phone' => $this->recipientPhone,
            'recipient_name' => $this->recipientName,
            'reason' => $this->reason,
            // An empty PHP array is still a JSON object here, never [].
            'metadata' => $this->metadata === null ? null : (object) $this->metadata,
        ];
        return array_filter($body, static fn ($value) => $value !== null);
    }

    /** @param array<string, mixed> $changes */
    private function with(array $changes): self
    {
        return new self(...array_merge(get_object_vars($this), $changes));
    }
}
