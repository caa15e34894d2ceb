<?php

declare(strict_types=1);

/*
 * PhpLibraryIT's driver: the PHP library's client against the running Xaalis, after
 * sdks/php/examples/checkout.php started the payment REFERENCE for order o-42 (1500). Prints one JSON
 * object saying what each call gave; the Java test asserts on it.
 *
 * Usage: php drive.php LIBRARY_DIR REFERENCE   (XAALIS_* variables as for XaalisClient::fromEnvironment())
 */

use Xaalis\Outcome;
use Xaalis\PaymentLinkRequest;
use Xaalis\PaymentQuery;
use Xaalis\PaymentRequest;
use Xaalis\XaalisClient;
use Xaalis\XaalisException;

[, $library, $reference] = $argv;
require $library . '/autoload.php';

$xaalis = XaalisClient::fromEnvironment();
$report = [];

$status = $xaalis->status($reference);
$report['status'] = ['status' => $status->status, 'amount' => $status->amount, 'metadata' => $status->metadata];

// The checkout's request again with its idempotency key: the first answer, not a second payment.
$replay = $xaalis->initiate(PaymentRequest::of('WALLET_SN', '1500')->withMetadata(['order_id' => 'o-42']), 'order-o-42');
$report['replayed_reference'] = $replay->reference;

$succeeded = $xaalis->simulate($reference, Outcome::SUCCESS);
$report['simulated'] = ['status' => $succeeded->status, 'paid' => $succeeded->paidAt !== null, 'final' => $succeeded->isFinal()];

$page = $xaalis->list(PaymentQuery::all()->withStatus('SUCCESS'));
$report['listed'] = array_map(static fn ($payment) => $payment->reference, $page->payments);

$report['errors'] = [];
$calls = [
    'decimal_mobilemoney' => static fn () => $xaalis->initiate(PaymentRequest::of('MOBILEMONEY_SN', '1500.50')),
    'cancel_succeeded' => static fn () => $xaalis->cancel($reference),
    'unknown_reference' => static fn () => $xaalis->status('SVC-ZZZZZZZZ'),
];
foreach ($calls as $name => $call) {
    try {
        $call();
        $report['errors'][$name] = null;
    } catch (XaalisException $e) {
        $report['errors'][$name] = [
            'status' => $e->getStatus(),
            'retryable' => $e->isRetryable(),
            'fields' => array_keys($e->getError()?->errors ?? []),
            'timestamp' => $e->getError()?->timestamp,
        ];
    }
}

$link = $xaalis->createPaymentLink(PaymentLinkRequest::fixed('4500')->withDescription('Thiéboudienne, plat familial'));
$links = $xaalis->listPaymentLinks(null, 10);
$deactivated = $xaalis->deactivatePaymentLink((string) $link->code);
$report['link'] = [
    'amount' => $link->amount,
    'state' => $link->state,
    'url_ends_with_code' => str_ends_with((string) $link->url, '/l/' . $link->code),
    'listed' => in_array($link->code, array_map(static fn ($l) => $l->code, $links->links), true),
    'deactivated' => ['active' => $deactivated->active, 'state' => $deactivated->state],
];

echo json_encode($report, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
