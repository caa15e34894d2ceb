<?php

declare(strict_types=1);

namespace Xaalis\Internal;

use Xaalis\Fields;

/**
 * What {@see \Xaalis\PaymentQuery} and {@see \Xaalis\PayoutQuery} share: the filters of a list call (status,
 * provider, creation time), its cursor and its page size, each changed on a copy, and the query string.
 * Null fields do not filter; every instance is immutable.
 *
 * @internal
 */
trait ListQuery
{
    /**
     * @param \DateTimeImmutable|null $createdFrom inclusive
     * @param \DateTimeImmutable|null $createdTo exclusive
     * @param string|null $cursor the nextCursor of the previous page
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

    /** Everything, 20 a page. */
    public static function all(): self
    {
        return new self();
    }

    /** Only those in this status, such as SUCCESS. */
    public function withStatus(?string $value): self
    {
        return $this->with(['status' => $value]);
    }

    /** Only those through this provider. */
    public function withProvider(?string $value): self
    {
        return $this->with(['provider' => $value]);
    }

    /** Only those created in [from, to); either may be null. */
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
