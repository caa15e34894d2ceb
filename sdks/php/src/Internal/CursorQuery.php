<?php

declare(strict_types=1);

namespace Xaalis\Internal;

use Xaalis\Fields;

/**
 * What {@see \Xaalis\BalanceTransactionQuery} and {@see \Xaalis\SettlementQuery} share: a list without
 * filters, its cursor and its page size, each changed on a copy, and the query string.
 *
 * @internal
 */
trait CursorQuery
{
    /**
     * @param string|null $cursor the nextCursor of the previous page
     * @param int $limit page size, 1 to 100
     */
    private function __construct(
        public readonly ?string $cursor = null,
        public readonly int $limit = 20,
    ) {
    }

    /** Everything, 20 a page. */
    public static function all(): self
    {
        return new self();
    }

    /** The page after the one that returned this next cursor. */
    public function after(?string $nextCursor): self
    {
        return new self($nextCursor, $this->limit);
    }

    /** Page size, 1 to 100. */
    public function withLimit(int $value): self
    {
        return new self($this->cursor, $value);
    }

    /**
     * The query string, in the Java SDK's order.
     *
     * @internal
     */
    public function toQueryString(): string
    {
        return Fields::query(['cursor' => $this->cursor, 'limit' => (string) $this->limit]);
    }
}
