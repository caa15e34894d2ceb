<?php

declare(strict_types=1);

namespace Xaalis;

/** One page of {@see XaalisClient::listBalanceTransactions()}, newest first. */
final class BalanceTransactionPage
{
    /**
     * @param list<BalanceTransaction> $transactions
     * @param string|null $nextCursor pass to {@see BalanceTransactionQuery::after()} for the next page; null on the last page
     */
    public function __construct(
        public readonly array $transactions,
        public readonly bool $hasMore,
        public readonly ?string $nextCursor,
    ) {
    }
}
