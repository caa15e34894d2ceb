<?php

declare(strict_types=1);

/*
 * PhpLibraryIT's settlement driver: the PHP library's client against the running Xaalis, whose sandbox
 * application has an available balance and a settlement number. Reads the balance, settles part of it (a
 * replay, refusals), then the rest under a key of the library's own, and reads the settlements and the
 * balance's transactions back. Prints one JSON object as its last line, as the other libraries' scripts do
 * (LibrarySettlements checks it).
 *
 * Usage: php drive-settlements.php LIBRARY_DIR   (XAALIS_* variables as for XaalisClient::fromEnvironment())
 */

use Xaalis\Balance;
use Xaalis\BalanceTransactionQuery;
use Xaalis\Settlement;
use Xaalis\SettlementQuery;
use Xaalis\SettlementRequest;
use Xaalis\XaalisClient;
use Xaalis\XaalisException;

[, $library] = $argv;
require $library . '/autoload.php';

/** @return array<string, mixed> */
function balanceJson(Balance $b): array
{
    return ['environment' => $b->environment, 'currency' => $b->currency, 'available' => $b->available,
        'pending' => $b->pending];
}

/** @return array<string, mixed> */
function settlementJson(Settlement $s): array
{
    return [
        'id' => $s->id, 'reference' => $s->reference, 'environment' => $s->environment, 'amount' => $s->amount,
        'currency' => $s->currency, 'provider' => $s->provider, 'destination' => $s->destination,
        'status' => $s->status, 'payout_reference' => $s->payoutReference, 'origin' => $s->origin,
        'failure_code' => $s->failureCode, 'has_times' => $s->createdAt !== null && $s->updatedAt !== null,
    ];
}

/** @return array<string, mixed>|null */
function refusal(callable $call): ?array
{
    try {
        $call();
    } catch (XaalisException $e) {
        return ['status' => $e->getStatus(), 'retryable' => $e->isRetryable()];
    }
    return null;
}

$xaalis = XaalisClient::fromEnvironment();
$before = $xaalis->balance();
$created = $xaalis->createSettlement(SettlementRequest::of('1000'), 'php-settle-1');
$replayed = $xaalis->createSettlement(SettlementRequest::of('1000'), 'php-settle-1');
$report = [
    'balance_before' => balanceJson($before),
    'created' => settlementJson($created),
    'replayed_id' => $replayed->id,
    'conflict' => refusal(fn () => $xaalis->createSettlement(SettlementRequest::of('500'), 'php-settle-1')),
    'too_much' => refusal(fn () => $xaalis->createSettlement(SettlementRequest::of('100000'), 'php-settle-big')),
];
// All the rest, under a key the library makes.
$report['rest'] = settlementJson($xaalis->createSettlement());
$report['balance_after'] = balanceJson($xaalis->balance());
$report['read'] = settlementJson($xaalis->readSettlement($created->id));
$first = $xaalis->listSettlements(SettlementQuery::all()->withLimit(1));
$second = $xaalis->listSettlements(SettlementQuery::all()->withLimit(1)->after($first->nextCursor));
$report['settlement_pages'] = [
    ['ids' => array_map(static fn ($s) => $s->id, $first->settlements), 'has_more' => $first->hasMore],
    ['ids' => array_map(static fn ($s) => $s->id, $second->settlements), 'has_more' => $second->hasMore],
];
$page = $xaalis->listBalanceTransactions(BalanceTransactionQuery::all()->withLimit(2));
$next = $xaalis->listBalanceTransactions(BalanceTransactionQuery::all()->withLimit(2)->after($page->nextCursor));
$report['first_transactions'] = ['size' => count($page->transactions), 'has_more' => $page->hasMore];
$report['transactions'] = array_map(static fn ($t) => [
    'id' => $t->id, 'type' => $t->type, 'amount' => $t->amount, 'fee' => $t->fee, 'net' => $t->net,
    'reference' => $t->reference, 'has_created_at' => $t->createdAt !== null, 'available_on' => $t->availableOn,
], array_merge($page->transactions, $next->transactions));
$report['unknown'] = refusal(fn () => $xaalis->readSettlement('019ad0a4-2d25-7e47-8ab9-000000000000'));
echo json_encode($report, JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR), "\n";
