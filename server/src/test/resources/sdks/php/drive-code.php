<?php

declare(strict_types=1);

/*
 * PhpLibraryIT's driver for one-time codes: the PHP library's client starts two sandbox MOBILEMONEY_SN
 * payments of 4500 against the running Xaalis and completes them with payWithCode, the first with the
 * sandbox's paying code 123456, the second with its wrong code 000000. Prints one JSON object saying
 * what each call gave; the Java test asserts on it.
 *
 * Usage: php drive-code.php LIBRARY_DIR   (XAALIS_* variables as for XaalisClient::fromEnvironment())
 */

use Xaalis\PaymentRequest;
use Xaalis\XaalisClient;
use Xaalis\XaalisException;

[, $library] = $argv;
require $library . '/autoload.php';

$xaalis = XaalisClient::fromEnvironment();
$report = [];

// Numbers of this driver only: the server counts codes per number.
$payment = $xaalis->initiate(PaymentRequest::of('MOBILEMONEY_SN', '4500'));
$paid = $xaalis->payWithCode((string) $payment->reference, '77 102 00 01', '123456');
$report['paid'] = [
    'initiated_status' => $payment->status,
    'same_reference' => $paid->reference === $payment->reference,
    'provider' => $paid->provider,
    'status' => $paid->status,
    'amount' => $paid->amount,
    'paid' => $paid->paidAt !== null,
    'final' => $paid->isFinal(),
    'status_read' => $xaalis->status((string) $payment->reference)->status,
];

$other = $xaalis->initiate(PaymentRequest::of('MOBILEMONEY_SN', '4500'));
try {
    $xaalis->payWithCode((string) $other->reference, '+221 77 102 00 02', '000000');
    $report['wrong_code'] = null;
} catch (XaalisException $e) {
    $report['wrong_code'] = [
        'status' => $e->getStatus(),
        'retryable' => $e->isRetryable(),
        'fields' => array_keys($e->getError()?->errors ?? []),
        'code_in_message' => str_contains($e->getMessage(), '000000') || str_contains((string) $e, '000000'),
        'status_read' => $xaalis->status((string) $other->reference)->status,
    ];
}

echo json_encode($report, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
