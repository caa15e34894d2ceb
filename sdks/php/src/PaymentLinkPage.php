<?php

declare(strict_types=1);

namespace Xaalis;

/** One page of {@see XaalisClient::listPaymentLinks()}, newest first. */
final class PaymentLinkPage
{
    /**
     * @param list<PaymentLink> $links
     * @param string|null $nextCursor pass back as the cursor for the next page; null on the last page
     */
    public function __construct(
        public readonly array $links,
        public readonly bool $hasMore,
        public readonly ?string $nextCursor,
    ) {
    }
}
