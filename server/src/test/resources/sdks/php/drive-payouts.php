<?php

declare(strict_types=1);

/*
 * PhpLibraryIT's payout driver: the PHP library's client against the running Xaalis, whose application has
 * payouts turned on. Prints one JSON object as its last line, as the other libraries' scripts do.
 *
 * Usage: php drive-payouts.php LIBRARY_DIR create          three sandbox payouts (success, failure,
 *                                                          reversal), a replay under the same key, refusals
 *        php drive-payouts.php LIBRARY_DIR read REF...     each payout read back, and the lists
 * (XAALIS_* variables as for XaalisClient::fromEnvironment())
 */

use Xaalis\PayoutQuery;
use Xaalis\PayoutRequest;
use Xaalis\XaalisClient;
use Xaalis\XaalisException;

[, $library, $mode] = $argv;
$references = array_slice($argv, 3);
require $library . '/autoload.php';
require __DIR__ . '/payout-json.php';

const SUCCESS = '+221771234567';
const FAILS = '+221700000011';
const REVERSED = '+221700000012';

function request(string $phone): PayoutRequest
{
    return PayoutRequest::of('WALLET_SN', '5000', $phone)
        ->withRecipientName('Awa Diop')
        ->withReason('Commission')
        ->withMetadata(['staff_id' => 'S-12']);
}

/** @return array<string, mixed>|null */
function refusal(callable $call): ?array
{
    try {
        $call();
    } catch (XaalisException $e) {
        $fields = array_keys($e->getError()?->errors ?? []);
        sort($fields);
        return ['status' => $e->getStatus(), 'retryable' => $e->isRetryable(), 'fields' => $fields];
    } catch (\TypeError | \ArgumentCountError | \InvalidArgumentException $e) {
        return ['status' => 0, 'raised' => get_class($e)];
    }
    return null;
}

$xaalis = XaalisClient::fromEnvironment();
if ($mode === 'create') {
    $success = $xaalis->createPayout(request(SUCCESS), 'php-payout-success');
    $replayed = $xaalis->createPayout(request(SUCCESS), 'php-payout-success');
    $failed = $xaalis->createPayout(request(FAILS), 'php-payout-failed');
    $reversed = $xaalis->createPayout(request(REVERSED), 'php-payout-reversed');
    $report = [
        'success' => payoutJson($success),
        'failed' => payoutJson($failed),
        'reversed' => payoutJson($reversed),
        'replayed_reference' => $replayed->reference,
        // Another body under a key already used: refused, nothing sent.
        'conflict' => refusal(fn () => $xaalis->createPayout(request('+221761234567'), 'php-payout-success')),
        // No key: refused by the library before any call.
        'missing_key' => refusal(fn () => $xaalis->createPayout(request(SUCCESS), '')),
        'unknown' => refusal(fn () => $xaalis->readPayout('OUT-ZZZZZZZZ')),
    ];
} else {
    $read = [];
    foreach ($references as $reference) {
        $read[$reference] = payoutJson($xaalis->readPayout($reference));
    }
    $first = $xaalis->listPayouts(PayoutQuery::all()->withLimit(1));
    $second = $xaalis->listPayouts(PayoutQuery::all()->withLimit(1)->after($first->nextCursor));
    $report = [
        'read' => $read,
        'listed' => array_map(
            static fn ($p) => $p->reference,
            $xaalis->listPayouts(PayoutQuery::all()->withLimit(100))->payouts,
        ),
        'listed_failed' => array_map(
            static fn ($p) => $p->reference,
            $xaalis->listPayouts(PayoutQuery::all()->withStatus('FAILED'))->payouts,
        ),
        'first_page' => [
            'size' => count($first->payouts),
            'has_more' => $first->hasMore,
            'cursor' => $first->nextCursor !== null,
        ],
        'second_page_other' => $second->payouts !== [] && $second->payouts[0]->reference !== $first->payouts[0]->reference,
    ];
}
echo json_encode($report, JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR), "\n";
