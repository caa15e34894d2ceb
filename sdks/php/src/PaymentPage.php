<?php

declare(strict_types=1);

namespace Xaalis;

/** One page of {@see XaalisClient::list()}, newest first. */
final class PaymentPage
{
    /**
     * @param list<Payment> $payments
     * @param string|null $nextCursor pass to {@see PaymentQuery::after()} for the next page; null on the last page
     */
    public function __construct(
        public readonly array $payments,
        public readonly bool $hasMore,
        public readonly ?string $nextCursor,
    ) {
    }
}
