<?php

declare(strict_types=1);

/*
 * The merchant's side of a checkout, from the command line: records an order, starts its payment with
 * the order id in the metadata (so the webhook finds the order again) and prints what to show the
 * customer. A web shop does the same in its "Pay" action.
 *
 *     XAALIS_BASE_URL=http://localhost:8080 XAALIS_ENDPOINT_KEY=… XAALIS_API_KEY=pk_test_… \
 *     XAALIS_API_SECRET=sk_test_… XAALIS_ORDERS_FILE=/tmp/orders.json \
 *         php examples/checkout.php o-42 1500 [WALLET_SN|MOBILEMONEY_SN]
 */

use Xaalis\PaymentRequest;
use Xaalis\XaalisClient;
use Xaalis\XaalisException;

// With Composer: require __DIR__ . '/../vendor/autoload.php';
require __DIR__ . '/../autoload.php';
require __DIR__ . '/OrderStore.php';

if ($argc < 3) {
    fwrite(STDERR, "Usage: php checkout.php ORDER_ID AMOUNT [PROVIDER]\n");
    exit(2);
}
[, $orderId, $amount] = $argv;
$provider = $argv[3] ?? 'WALLET_SN';

$orders = OrderStore::fromEnvironment();
$orders->change(static function (array &$store) use ($orderId, $amount): void {
    $store['orders'][$orderId] ??= ['amount' => $amount, 'status' => 'pending'];
});

try {
    $xaalis = XaalisClient::fromEnvironment();
    // The order id as the idempotency key: running this twice never starts two payments for one order.
    $payment = $xaalis->initiate(
        PaymentRequest::of($provider, $amount)->withMetadata(['order_id' => $orderId]),
        'order-' . $orderId,
    );
} catch (XaalisException $e) {
    // The §7 error body, field by field; never the secret.
    fwrite(STDERR, $e->getMessage() . ' ' . json_encode($e->getError()?->errors) . "\n");
    exit(1);
}
$orders->change(static function (array &$store) use ($orderId, $payment): void {
    $store['orders'][$orderId]['payment_reference'] = $payment->reference;
});

echo json_encode([
    'order_id' => $orderId,
    'reference' => $payment->reference,
    'status' => $payment->status,
    'amount' => $payment->amount,
    'deep_links' => $payment->deepLinks,
    // Show it as <img src="data:image/png;base64,…">.
    'qr_code' => $payment->qrCode === null ? null : 'data:image/png;base64,' . substr($payment->qrCode, 0, 16) . '…',
    'expires_at' => $payment->expiresAt?->format(DATE_ATOM),
], JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE), "\n";
