<?php

declare(strict_types=1);

/*
 * A merchant's webhook endpoint for Xaalis, in plain PHP: it verifies the signature over the raw body,
 * deduplicates on the notification id, checks the amount against the order before changing it, and
 * answers quickly (2xx = done; 401 = refused; 422 = wrong amount, not retried).
 *
 * Try it with PHP's built-in server:
 *
 *     XAALIS_API_SECRET=sk_test_… XAALIS_ORDERS_FILE=/tmp/orders.json \
 *         php -S 0.0.0.0:8081 examples/receiver.php
 *
 * and set the application's webhook URL to http(s)://<this host>:8081/webhooks/xaalis. Behind nginx or
 * Apache with PHP-FPM, route POST /webhooks/xaalis to this file; it works the same.
 */

use Xaalis\WebhookEvent;
use Xaalis\WebhookVerificationException;
use Xaalis\WebhookVerifier;

// With Composer: require __DIR__ . '/../vendor/autoload.php';
require __DIR__ . '/../autoload.php';
require __DIR__ . '/OrderStore.php';

const WEBHOOK_PATH = '/webhooks/xaalis';
const MAX_BODY = 1024 * 1024;

$path = parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);
if ($path !== WEBHOOK_PATH) {
    answer(404, 'not found');
}
if (($_SERVER['REQUEST_METHOD'] ?? '') !== 'POST') {
    header('Allow: POST');
    answer(405, 'POST only');
}
$secret = getenv('XAALIS_API_SECRET');
if (!is_string($secret) || $secret === '') {
    error_log('Set XAALIS_API_SECRET to the application\'s sk_test_… or sk_live_… secret');
    answer(500, 'not configured'); // Xaalis retries a 5xx: nothing is lost while you fix it
}
if ((int) ($_SERVER['CONTENT_LENGTH'] ?? 0) > MAX_BODY) {
    answer(413, 'too large');
}

// The raw bytes, exactly as received: never json_decode() then json_encode() again.
$rawBody = (string) file_get_contents('php://input');
try {
    $event = (new WebhookVerifier($secret))->verify($rawBody, $_SERVER[WebhookVerifier::SIGNATURE_SERVER_KEY] ?? null);
} catch (WebhookVerificationException $e) {
    error_log('Refused a notification: ' . $e->getReason()->name);
    answer(401, $e->getReason()->name);
}
answer(OrderStore::fromEnvironment()->change(static fn (array &$store): int => handle($store, $event)), '');

/**
 * The decision for a verified event, as an HTTP status (2xx = done, 4xx = do not retry), applied to the
 * store in the same locked step, so two concurrent deliveries of one id apply it once.
 *
 * @param array<string, mixed> $store
 */
function handle(array &$store, WebhookEvent $event): int
{
    if (in_array($event->id, $store['processed_events'], true)) {
        return 200; // a duplicate delivery: already applied
    }
    $orderId = $event->metadata['order_id'] ?? null;
    if (!is_string($orderId)) {
        $store['processed_events'][] = $event->id;
        return 200; // not one of our orders (a payment link's, say): acknowledge so it is not retried
    }
    $order = $store['orders'][$orderId] ?? null;
    $amount = $event->dataString('amount');
    if ($order === null || $amount === null || !sameAmount($amount, (string) $order['amount'])) {
        error_log('Amount ' . $amount . ' does not match order ' . $orderId . '; not applied');
        return 422;
    }
    $order['status'] = match ($event->event) {
        'transaction.success' => 'paid',
        'transaction.refunded' => 'refunded',
        // Notifications may arrive out of order: a late failure never unpays a paid order.
        'transaction.failed', 'transaction.cancelled', 'transaction.expired' =>
            $order['status'] === 'paid' || $order['status'] === 'refunded' ? $order['status'] : 'unpaid',
        default => $order['status'],
    };
    $order['payment_reference'] = $event->reference;
    $order['events'][] = $event->id;
    $store['orders'][$orderId] = $order;
    $store['processed_events'][] = $event->id;
    return 200;
}

/** Whether two decimal amounts are equal ("1500" and "1500.00" are), without floats. */
function sameAmount(string $a, string $b): bool
{
    $normal = static function (string $amount): ?string {
        if (preg_match('/^([0-9]+)(?:\.([0-9]+))?$/D', $amount, $m) !== 1) {
            return null;
        }
        return (ltrim($m[1], '0') ?: '0') . '.' . rtrim($m[2] ?? '', '0');
    };
    return $normal($a) !== null && $normal($a) === $normal($b);
}

function answer(int $status, string $text): never
{
    http_response_code($status);
    header('Content-Type: text/plain; charset=utf-8');
    echo $text;
    exit;
}
