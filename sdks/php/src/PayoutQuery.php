<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * Filters for {@see XaalisClient::listPayouts()}; start with {@see self::all()}. Null fields do not filter.
 * Every instance is immutable.
 */
final class PayoutQuery
{
    /**
     * @param \DateTimeImmutable|null $createdFrom inclusive
     * @param \DateTimeImmutable|null $createdTo exclusive
     * @param string|null $cursor the {@see PayoutPage::$nextCursor} of the previous page
     * @param int $limit page size, 1 to 100
     */
    private function __construct(
        public readonly ?string $status = null,
        public readonly ?string $provider = null,
        public readonly ?\DateTimeImmutable $createdFrom = null,
        public readonly ?\DateTimeImmutable $createdTo = null,
        public readonly ?string $cursor = null,
        public readonly int $limit = 20,
    ) {
    }

    /** Every payout, 20 a page. */
    public static function all(): self
    {
        return new self();
    }

    /** Only payouts in this status, such as SUCCESS. */
    public function withStatus(?string $value): self
    {
        return $this->with(['status' => $value]);
    }

    /** Only payouts through this provider. */
    public function withProvider(?string $value): self
    {
        return $this->with(['provider' => $value]);
    }

    /** Only payouts created in [from, to); either may be null. */
    public function createdBetween(?\DateTimeInterface $from, ?\DateTimeInterface $to): self
    {
        return $this->with([
            'createdFrom' => $from === null ? null : \DateTimeImmutable::createFromInterface($from),
            'createdTo' => $to === null ? null : \DateTimeImmutable::createFromInterface($to),
        ]);
    }

    /** The page after the one that returned this next cursor. */
    public function after(?string $nextCursor): self
    {
        return $this->with(['cursor' => $nextCursor]);
    }

    /** Page size, 1 to 100. */
    public function withLimit(int $value): self
    {
        return $this->with(['limit' => $value]);
    }

    /**
     * The query string, in the Java SDK's order.
     *
     * @internal
     */
    public function toQueryString(): string
    {
        $params = [
            'status' => $this->status,
            'provider' => $this->provider,
            'created_from' => $this->createdFrom === null ? null : Fields::iso($this->createdFrom),
            'created_to' => $this->createdTo === null ? null : Fields::iso($this->createdTo),
            'cursor' => $this->cursor,
            'limit' => (string) $this->limit,
        ];
        return Fields::query($params);
    }

    /** @param array<string, mixed> $changes */
    private function with(array $changes): self
    {
        return new self(...array_merge(get_object_vars($this), $changes));
    }
}
