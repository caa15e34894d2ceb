<?php

declare(strict_types=1);

namespace Xaalis;

/** One page of {@see XaalisClient::listPayouts()}, newest first. */
final class PayoutPage
{
    /**
     * @param list<Payout> $payouts
     * @param string|null $nextCursor pass to {@see PayoutQuery::after()} for the next page; null on the last page
     */
    public function __construct(
        public readonly array $payouts,
        public readonly bool $hasMore,
        public readonly ?string $nextCursor,
    ) {
    }
}
