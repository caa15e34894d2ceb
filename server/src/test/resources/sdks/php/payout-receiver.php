<?php

declare(strict_types=1);

/*
 * PhpLibraryIT's payout receiver, under PHP's built-in server: every notification is verified with the
 * PHP library's WebhookVerifier (XAALIS_API_SECRET), and each verified one is written as one JSON line to
 * EVENTS_FILE (its id, event, reference, status and payout); a refused one is answered 401.
 *
 * Usage: XAALIS_PHP_LIBRARY=… XAALIS_API_SECRET=… EVENTS_FILE=… php -S 127.0.0.1:PORT payout-receiver.php
 */

use Xaalis\WebhookVerificationException;
use Xaalis\WebhookVerifier;

require getenv('XAALIS_PHP_LIBRARY') . '/autoload.php';
require __DIR__ . '/payout-json.php';

$verifier = new WebhookVerifier((string) getenv('XAALIS_API_SECRET'));
try {
    $event = $verifier->verify((string) file_get_contents('php://input'), $_SERVER['HTTP_X_SVC_SIGNATURE'] ?? null);
} catch (WebhookVerificationException $e) {
    error_log('Refused a notification: ' . $e->getReason()->value);
    http_response_code(401);
    return;
}
$line = [
    'id' => $event->id,
    'event' => $event->event,
    'reference' => $event->reference,
    'status' => $event->status,
    'is_payout' => $event->payout !== null,
    'payout' => $event->payout === null ? null : payoutJson($event->payout),
];
file_put_contents(
    (string) getenv('EVENTS_FILE'),
    json_encode($line, JSON_UNESCAPED_SLASHES | JSON_THROW_ON_ERROR) . "\n",
    FILE_APPEND | LOCK_EX,
);
http_response_code(200);
