<?php

declare(strict_types=1);

namespace Xaalis;

use Xaalis\Internal\CursorQuery;

/**
 * The page {@see XaalisClient::listBalanceTransactions()} asks for; start with {@see self::all()} (every one, 20 a page).
 * Every instance is immutable.
 *
 * Read-only fields: $cursor (the {@see BalanceTransactionPage::$nextCursor} of the previous page) and $limit (page
 * size, 1 to 100).
 */
final class BalanceTransactionQuery
{
    use CursorQuery;
}
