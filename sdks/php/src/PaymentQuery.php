<?php

declare(strict_types=1);

namespace Xaalis;

use Xaalis\Internal\ListQuery;

/**
 * Filters for {@see XaalisClient::list()}; start with {@see self::all()} (every payment, 20 a page).
 * Null fields do not filter. Every instance is immutable.
 *
 * Read-only fields: $status (such as SUCCESS), $provider, $createdFrom (inclusive), $createdTo
 * (exclusive), $cursor (the {@see PaymentPage::$nextCursor} of the previous page) and $limit (page size,
 * 1 to 100).
 */
final class PaymentQuery
{
    use ListQuery;
}
