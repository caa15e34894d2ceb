<?php

declare(strict_types=1);

namespace Xaalis;

/** One page of {@see XaalisClient::listSettlements()}, newest first. */
final class SettlementPage
{
    /**
     * @param list<Settlement> $settlements
     * @param string|null $nextCursor pass to {@see SettlementQuery::after()} for the next page; null on the last page
     */
    public function __construct(
        public readonly array $settlements,
        public readonly bool $hasMore,
        public readonly ?string $nextCursor,
    ) {
    }
}
