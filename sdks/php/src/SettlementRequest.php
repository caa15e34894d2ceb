<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * A settlement to ask for (API §17.1): {@see self::all()} that is available, or {@see self::of()} an
 * amount. Every instance is immutable.
 */
final class SettlementRequest
{
    /**
     * @param string|null $amount decimal text, whole francs at most what is available; null for all of it
     */
    private function __construct(public readonly ?string $amount = null)
    {
    }

    /** All that is available. */
    public static function all(): self
    {
        return new self();
    }

    /**
     * This amount, in whole francs.
     *
     * @param string|int $amount exact decimal text such as "4500" (never a float), or a whole number
     * @throws \InvalidArgumentException when the amount is not a decimal number
     */
    public static function of(string|int $amount): self
    {
        return new self(Amounts::text($amount));
    }

    /**
     * The request body's fields, unset ones left out.
     *
     * @internal
     * @return array<string, mixed>
     */
    public function toBody(): array
    {
        return $this->amount === null ? [] : ['amount' => $this->amount];
    }
}
