<?php

declare(strict_types=1);

namespace Xaalis\Tests;

use PHPUnit\Framework\TestCase;
use Xaalis\BalanceTransactionQuery;
use Xaalis\Outcome;
use Xaalis\PaymentLinkRequest;
use Xaalis\PaymentQuery;
use Xaalis\PaymentRequest;
use Xaalis\PayoutQuery;
use Xaalis\PayoutRequest;
use Xaalis\SettlementQuery;
use Xaalis\SettlementRequest;
use Xaalis\Tests\Support\ScriptedServer;
use Xaalis\XaalisClient;
use Xaalis\XaalisException;

/** The client against a scripted HTTP server on loopback: headers, bodies, retries, errors. */
final class XaalisClientTest extends TestCase
{
    private const PAYMENT = '{"transaction_uuid":"01934a5e-7c1a-7b3e-9f00-0123456789ab",'
        . '"reference":"SVC-AB12CD34","provider":"WALLET_SN","environment":"sandbox",'
        . '"amount":"1500.00","currency":"XOF","status":"PROCESSING",'
        . '"deep_links":{"WALLET":"https://x.example/c"},"qr_code":"iVBOR",'
        . '"provider_reference":"sbx_1","expires_at":"2026-11-22T08:57:45.123400Z",'
        . '"metadata":{"order_id":"o-42"},"created_at":"2026-11-22T08:42:45.123400Z"}';

    private const LINK = '{"code":"k4m2qx7vbnw3tz5a","url":"http://localhost:8080/l/k4m2qx7vbnw3tz5a",'
        . '"qr_code":"iVBOR","environment":"sandbox","amount":"4500.00","min_amount":null,"max_amount":null,'
        . '"currency":"XOF","description":"Thieboudienne","providers":["WALLET_SN","MOBILEMONEY_SN"],'
        . '"single_use":false,"expires_at":null,"active":true,"state":"OPEN",'
        . '"created_at":"2026-11-22T08:45:00.000000Z"}';

    private ScriptedServer $server;
    private XaalisClient $client;

    protected function setUp(): void
    {
        $this->server = new ScriptedServer(self::PAYMENT);
        $this->client = new XaalisClient(
            baseUrl: $this->server->url() . '/',
            endpointKey: 'abcdefghijklmnop',
            apiKey: 'pk_test_key',
            apiSecret: 'sk_test_secret',
            requestTimeout: 10.0,
            retryDelay: 0.01,
        );
    }

    protected function tearDown(): void
    {
        $this->server->stop();
    }

    public function testInitiateSendsKeysAnIdempotencyKeyAndAQuotedAmount(): void
    {
        $payment = $this->client->initiate(PaymentRequest::of('WALLET_SN', '1500')
            ->withCustomerPhone('+221770000000')
            ->withMetadata(['order_id' => 'o-42']));
        $request = $this->server->seen()[0];
        self::assertSame('POST', $request['method']);
        self::assertSame('/api/v1/abcdefghijklmnop/payments/initiate/', $request['path']);
        self::assertSame(['pk_test_key'], $request['headers']['x-api-key']);
        self::assertSame(['sk_test_secret'], $request['headers']['x-api-secret']);
        self::assertSame(['application/json'], $request['headers']['content-type']);
        self::assertSame(['application/json'], $request['headers']['accept']);
        self::assertMatchesRegularExpression('/^[0-9a-f-]{36}$/', $request['headers']['idempotency-key'][0]);
        self::assertSame(
            '{"provider":"WALLET_SN","amount":"1500","customer_phone":"+221770000000","metadata":{"order_id":"o-42"}}',
            $request['body'],
        );

        self::assertSame('SVC-AB12CD34', $payment->reference);
        self::assertSame('1500.00', $payment->amount);
        self::assertSame(['WALLET' => 'https://x.example/c'], $payment->deepLinks);
        self::assertSame('iVBOR', $payment->qrCode);
        self::assertSame('2026-11-22T08:42:45.123400Z', $payment->createdAt?->format('Y-m-d\TH:i:s.u\Z'));
        self::assertSame('UTC', $payment->createdAt?->getTimezone()->getName());
        self::assertNull($payment->paidAt);
        self::assertSame(['order_id' => 'o-42'], $payment->metadata);
        self::assertFalse($payment->isFinal());
    }

    public function testEveryOptionalFieldInTheApiOrderAndAnEmptyMetadataStaysAnObject(): void
    {
        $this->client->initiate(PaymentRequest::of('MOBILEMONEY_SN', 2500)
            ->withErrorUrl('https://shop.example/ko')
            ->withSuccessUrl('https://shop.example/ok')
            ->withMetadata([])
            ->withCustomerName('Awa Ndiaye')
            ->withDescription('Thiéboudienne x2')
            ->withCurrency('XOF'));
        self::assertSame(
            '{"provider":"MOBILEMONEY_SN","amount":"2500","currency":"XOF","description":"Thiéboudienne x2",'
            . '"customer_name":"Awa Ndiaye","metadata":{},"success_url":"https://shop.example/ok",'
            . '"error_url":"https://shop.example/ko"}',
            $this->server->seen()[0]['body'],
        );
    }

    public function testAmountsAreDecimalText(): void
    {
        foreach (['1e3', '', '12,50', '1500 XOF', 'NaN'] as $bad) {
            try {
                PaymentRequest::of('WALLET_SN', $bad);
                self::fail('accepted ' . $bad);
            } catch (\InvalidArgumentException $e) {
                self::assertStringContainsString('decimal', $e->getMessage());
            }
        }
        self::assertSame('1500.50', PaymentRequest::of('WALLET_SN', '1500.50')->amount);
    }

    public function testRetriesNetworkErrorsAnd429WithTheSameIdempotencyKey(): void
    {
        $this->server->answer(-1);
        $this->server->answer(429, '{"status":429}', ['Retry-After' => '1']);
        $started = microtime(true);
        $payment = $this->client->initiate(PaymentRequest::of('WALLET_SN', '1500'), 'order-42');
        self::assertSame('SVC-AB12CD34', $payment->reference);
        $seen = $this->server->seen();
        self::assertCount(3, $seen);
        foreach ($seen as $request) {
            self::assertSame(['order-42'], $request['headers']['idempotency-key']);
            self::assertSame($seen[0]['body'], $request['body']);
        }
        self::assertGreaterThanOrEqual(1.0, microtime(true) - $started);
    }

    public function testRetryAfterIsCappedByMaxRetryAfter(): void
    {
        $client = new XaalisClient($this->server->url(), 'abcdefghijklmnop', 'pk_test_key', 'sk_test_secret',
            maxRetryAfter: 0.1);
        $this->server->answer(429, '{"status":429}', ['Retry-After' => '3600']);
        $started = microtime(true);
        self::assertSame('SVC-AB12CD34', $client->status('SVC-AB12CD34')->reference);
        self::assertLessThan(5.0, microtime(true) - $started);
        self::assertCount(2, $this->server->seen());
    }

    public function testA429AfterTheLastRetryIsAnError(): void
    {
        for ($i = 0; $i < 3; $i++) {
            $this->server->answer(429, '{"status":429,"error":"Too Many Requests","message":"Slow down"}',
                ['Retry-After' => '0']);
        }
        try {
            $this->client->status('SVC-AB12CD34');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(429, $e->getStatus());
            self::assertTrue($e->isRetryable());
            self::assertSame('Slow down', $e->getError()?->message);
        }
        self::assertCount(3, $this->server->seen());
    }

    public function testGivesUpAfterMaxRetriesWithStatusZero(): void
    {
        for ($i = 0; $i < 10; $i++) {
            $this->server->answer(-1);
        }
        try {
            $this->client->status('SVC-AB12CD34');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(0, $e->getStatus());
            self::assertNull($e->getError());
            self::assertTrue($e->isRetryable());
            self::assertStringContainsString('3 attempts', $e->getMessage());
            self::assertStringNotContainsString('sk_test_secret', $e->getMessage());
            self::assertStringNotContainsString('sk_test_secret', (string) $e);
        }
        self::assertCount(3, $this->server->seen());
    }

    public function testAnUnreachableServerIsANetworkError(): void
    {
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $name = (string) stream_socket_get_name($probe, false);
        fclose($probe); // nothing listens there any more
        $client = new XaalisClient('http://' . $name, 'abcdefghijklmnop', 'pk_test_key', 'sk_test_secret',
            maxRetries: 1, retryDelay: 0.01);
        try {
            $client->initiate(PaymentRequest::of('WALLET_SN', '1500'));
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(0, $e->getStatus());
            self::assertStringContainsString('2 attempts', $e->getMessage());
        }
    }

    public function testATimeoutIsANetworkErrorAndIsRetried(): void
    {
        $client = new XaalisClient($this->server->url(), 'abcdefghijklmnop', 'pk_test_key', 'sk_test_secret',
            requestTimeout: 0.5, retryDelay: 0.01);
        $this->server->answer(200, self::PAYMENT, [], 3000);
        $payment = $client->status('SVC-AB12CD34');
        self::assertSame('SVC-AB12CD34', $payment->reference);
        self::assertGreaterThanOrEqual(2, count($this->server->seen()));
    }

    public function testErrorsCarryTheApiErrorBodyAndAreNotRetried(): void
    {
        $this->server->answer(400, '{"status":400,"error":"Bad Request","message":"Invalid request",'
            . '"timestamp":"2026-11-22T08:42:45.123+00:00","errors":{"amount":["must be at least 0.01"]}}');
        try {
            $this->client->initiate(PaymentRequest::of('WALLET_SN', '0'));
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(400, $e->getStatus());
            self::assertSame(400, $e->getCode());
            self::assertFalse($e->isRetryable());
            self::assertSame('400 Bad Request: Invalid request', $e->getMessage());
            self::assertSame('Invalid request', $e->getError()?->message);
            self::assertSame('2026-11-22T08:42:45.123+00:00', $e->getError()?->timestamp);
            self::assertSame(['amount' => ['must be at least 0.01']], $e->getError()?->errors);
        }
        self::assertCount(1, $this->server->seen());
    }

    public function testAnErrorWithoutABodyAndASuccessThatIsNotJson(): void
    {
        $this->server->answer(502, '<html>Bad gateway</html>');
        try {
            $this->client->status('SVC-AB12CD34');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(502, $e->getStatus());
            self::assertTrue($e->isRetryable());
            self::assertSame('HTTP 502', $e->getError()?->error);
            self::assertSame([], $e->getError()?->errors);
        }
        $this->server->answer(200, 'not json');
        try {
            $this->client->status('SVC-AB12CD34');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(200, $e->getStatus());
            self::assertSame('Invalid response', $e->getError()?->error);
        }
    }

    public function testStatusListCancelRefundAndSimulateUseTheirPaths(): void
    {
        $this->client->status('SVC-AB12CD34');
        $this->server->answer(200, '{"data":[' . self::PAYMENT . '],"has_more":true,"next_cursor":"c1"}');
        $page = $this->client->list(PaymentQuery::all()->withStatus('SUCCESS')->withLimit(5)->after('c0'));
        $this->client->cancel('SVC-AB12CD34');
        $this->client->refund('SVC-AB12CD34');
        $this->client->simulate('SVC-AB12CD34', Outcome::FAILED);
        self::assertCount(1, $page->payments);
        self::assertSame('SVC-AB12CD34', $page->payments[0]->reference);
        self::assertTrue($page->hasMore);
        self::assertSame('c1', $page->nextCursor);
        $seen = $this->server->seen();
        self::assertSame([
            'GET /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/status/',
            'GET /api/v1/abcdefghijklmnop/payments/',
            'POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/cancel/',
            'POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/refund/',
            'POST /api/v1/abcdefghijklmnop/sandbox/payments/SVC-AB12CD34/simulate',
        ], array_map(static fn (array $s) => $s['method'] . ' ' . $s['path'], $seen));
        self::assertSame('status=SUCCESS&cursor=c0&limit=5', $seen[1]['query']);
        self::assertSame('{"outcome":"FAILED"}', $seen[4]['body']);
        self::assertNotEmpty($seen[2]['headers']['idempotency-key'][0]);
        self::assertNotSame($seen[2]['headers']['idempotency-key'], $seen[3]['headers']['idempotency-key']);
        // A POST without a body carries neither a body nor a form Content-Type; a GET no Idempotency-Key.
        self::assertSame('', $seen[2]['body']);
        self::assertArrayNotHasKey('content-type', $seen[2]['headers']);
        self::assertArrayNotHasKey('idempotency-key', $seen[0]['headers']);
    }

    public function testPayWithCodePostsThePhoneAndTheCodeAndReturnsThePayment(): void
    {
        $this->server->answer(
            200,
            self::codePayment('SUCCESS', '"paid_at":"2026-11-22T08:44:01.500000Z","fee":"23.00","net_amount":"1477.00",'),
        );
        $payment = $this->client->payWithCode('SVC-AB12CD34', '77 123 45 67', '123456');
        $request = $this->server->seen()[0];
        self::assertSame('POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/otp', $request['method'] . ' ' . $request['path']);
        self::assertSame(['pk_test_key'], $request['headers']['x-api-key']);
        self::assertSame(['sk_test_secret'], $request['headers']['x-api-secret']);
        self::assertSame(['application/json'], $request['headers']['content-type']);
        self::assertMatchesRegularExpression('/^[0-9a-f-]{36}$/', $request['headers']['idempotency-key'][0]);
        self::assertSame('{"customer_phone":"77 123 45 67","otp":"123456"}', $request['body']);

        self::assertSame('SVC-AB12CD34', $payment->reference);
        self::assertSame('MOBILEMONEY_SN', $payment->provider);
        self::assertSame('SUCCESS', $payment->status);
        self::assertSame('2026-11-22T08:44:01.500000Z', $payment->paidAt?->format('Y-m-d\TH:i:s.u\Z'));
        self::assertSame('23.00', $payment->fee);
        self::assertSame('1477.00', $payment->netAmount);
        self::assertTrue($payment->isFinal());

        // Each call its own idempotency key; the reference is one encoded path segment.
        $this->client->payWithCode('../x y', '+221771234567', '654321');
        $seen = $this->server->seen();
        self::assertSame('/api/v1/abcdefghijklmnop/payments/..%2Fx%20y/otp', $seen[1]['path']);
        self::assertNotSame($seen[0]['headers']['idempotency-key'], $seen[1]['headers']['idempotency-key']);
    }

    public function testPayWithCodeReturnsAFailureAndA202StillProcessingAsPayments(): void
    {
        $this->server->answer(200, self::codePayment('FAILED', '"error_message":"Insufficient funds",'));
        $failed = $this->client->payWithCode('SVC-AB12CD34', '771234567', '111111');
        self::assertSame('FAILED', $failed->status);
        self::assertSame('Insufficient funds', $failed->errorMessage);
        self::assertNull($failed->fee);
        self::assertNull($failed->netAmount);

        // 202: the operator has not answered yet; the webhook or a status read tells the end.
        $this->server->answer(202, self::codePayment('PROCESSING', ''));
        $waiting = $this->client->payWithCode('SVC-AB12CD34', '771234567', '222222');
        self::assertSame('PROCESSING', $waiting->status);
        self::assertFalse($waiting->isFinal());
        self::assertCount(2, $this->server->seen());
    }

    public function testARefusedCodeIsA400WithItsFieldAndNeverInTheMessageOrTheTrace(): void
    {
        $this->server->answer(400, '{"status":400,"error":"Bad Request","message":"Invalid request: otp",'
            . '"timestamp":"2026-11-22T08:42:45.123+00:00","errors":{"otp":["was refused by the operator: 2 tries left"]}}');
        try {
            $this->client->payWithCode('SVC-AB12CD34', '77 123 45 67', '918273');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(400, $e->getStatus());
            self::assertFalse($e->isRetryable());
            self::assertSame(['otp'], array_keys($e->getError()?->errors ?? []));
            // phpunit.xml keeps arguments in traces (zend.exception_ignore_args=0): the code is not among them.
            self::assertStringNotContainsString('918273', $e->getMessage());
            self::assertStringNotContainsString('918273', (string) $e);
            $clientFrames = array_filter($e->getTrace(), static fn (array $frame) => ($frame['class'] ?? null) === XaalisClient::class);
            $arguments = print_r(array_map(static fn (array $frame) => $frame['args'] ?? [], $clientFrames), true);
            self::assertStringContainsString('77 123 45 67', $arguments);
            self::assertStringContainsString('SensitiveParameterValue', $arguments);
            self::assertStringNotContainsString('918273', $arguments);
        }
        $this->server->answer(409, '{"status":409,"error":"Conflict","message":"The payment is SUCCESS, not PROCESSING",'
            . '"timestamp":"2026-11-22T08:42:45.123+00:00","errors":{}}');
        try {
            $this->client->payWithCode('SVC-AB12CD34', '77 123 45 67', '918273');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(409, $e->getStatus());
            self::assertTrue($e->isRetryable());
        }
        $this->server->answer(503, '{"status":503,"error":"Service Unavailable","message":"The provider cannot be reached",'
            . '"timestamp":"2026-11-22T08:42:45.123+00:00","errors":{}}');
        try {
            $this->client->payWithCode('SVC-AB12CD34', '77 123 45 67', '918273');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(503, $e->getStatus());
            self::assertTrue($e->isRetryable());
        }
        // Errors other than 429 are not retried: the code was sent once per call.
        self::assertCount(3, $this->server->seen());
    }

    public function testPayWithCodeRetriesA429AndANetworkErrorWithTheSameKeyAndBody(): void
    {
        $this->server->answer(-1);
        $this->server->answer(429, '{"status":429}', ['Retry-After' => '0']);
        $this->server->answer(200, self::codePayment('SUCCESS', ''));
        self::assertSame('SUCCESS', $this->client->payWithCode('SVC-AB12CD34', '77 123 45 67', '123456')->status);
        $seen = $this->server->seen();
        self::assertCount(3, $seen);
        foreach ($seen as $request) {
            self::assertSame($seen[0]['headers']['idempotency-key'], $request['headers']['idempotency-key']);
            self::assertSame('{"customer_phone":"77 123 45 67","otp":"123456"}', $request['body']);
        }
    }

    /** A MOBILEMONEY_SN payment as the status answers it, in $status, with $extra fields before created_at. */
    private static function codePayment(string $status, string $extra): string
    {
        return str_replace(
            ['"WALLET_SN"', '"PROCESSING"', '"deep_links":{"WALLET":"https://x.example/c"},"qr_code":"iVBOR",', '"created_at"'],
            ['"MOBILEMONEY_SN"', '"' . $status . '"', '', $extra . '"created_at"'],
            self::PAYMENT,
        );
    }

    public function testListFiltersByTimeInUtcAndEncodesValues(): void
    {
        $this->server->answer(200, '{"data":[],"has_more":false,"next_cursor":null}');
        $page = $this->client->list(PaymentQuery::all()
            ->withProvider('WALLET_SN')
            ->createdBetween(
                new \DateTimeImmutable('2026-11-22T09:00:00+01:00'),
                new \DateTimeImmutable('2026-11-23T00:00:00.5Z'),
            )
            ->after('a b+c/d'));
        self::assertSame([], $page->payments);
        self::assertFalse($page->hasMore);
        self::assertNull($page->nextCursor);
        self::assertSame(
            'provider=WALLET_SN&created_from=2026-11-22T08%3A00%3A00Z&created_to=2026-11-23T00%3A00%3A00.500000Z'
            . '&cursor=a+b%2Bc%2Fd&limit=20',
            $this->server->seen()[0]['query'],
        );
    }

    public function testAReferenceIsOnePathSegment(): void
    {
        $this->client->status('../x y');
        self::assertSame('/api/v1/abcdefghijklmnop/payments/..%2Fx%20y/status/', $this->server->seen()[0]['path']);
    }

    public function testPaymentLinksCreateListAndDeactivate(): void
    {
        $this->server->answer(201, self::LINK);
        $link = $this->client->createPaymentLink(
            PaymentLinkRequest::range('1000', 50000)
                ->withDescription('Donation')
                ->withProviders(['WALLET_SN'])
                ->withSingleUse(true)
                ->withExpiresAt(new \DateTimeImmutable('2026-12-31T23:59:59Z')),
            'link-1',
        );
        self::assertSame('k4m2qx7vbnw3tz5a', $link->code);
        self::assertSame('4500.00', $link->amount);
        self::assertNull($link->minAmount);
        self::assertSame(['WALLET_SN', 'MOBILEMONEY_SN'], $link->providers);
        self::assertTrue($link->active);
        self::assertFalse($link->singleUse);
        self::assertNull($link->expiresAt);
        self::assertSame('OPEN', $link->state);

        $this->server->answer(200, '{"data":[' . self::LINK . '],"has_more":false,"next_cursor":null}');
        $page = $this->client->listPaymentLinks('c0', 10);
        self::assertCount(1, $page->links);
        self::assertFalse($page->hasMore);

        $this->server->answer(200, str_replace(['"active":true', '"OPEN"'], ['"active":false', '"DEACTIVATED"'], self::LINK));
        $deactivated = $this->client->deactivatePaymentLink('k4m2qx7vbnw3tz5a');
        self::assertFalse($deactivated->active);
        self::assertSame('DEACTIVATED', $deactivated->state);

        $seen = $this->server->seen();
        self::assertSame('/api/v1/abcdefghijklmnop/payment-links/', $seen[0]['path']);
        self::assertSame(['link-1'], $seen[0]['headers']['idempotency-key']);
        self::assertSame(
            '{"min_amount":"1000","max_amount":"50000","description":"Donation","providers":["WALLET_SN"],'
            . '"single_use":true,"expires_at":"2026-12-31T23:59:59Z"}',
            $seen[0]['body'],
        );
        self::assertSame('GET /api/v1/abcdefghijklmnop/payment-links/?cursor=c0&limit=10',
            $seen[1]['method'] . ' ' . $seen[1]['path'] . '?' . $seen[1]['query']);
        self::assertSame('POST /api/v1/abcdefghijklmnop/payment-links/k4m2qx7vbnw3tz5a/deactivate/',
            $seen[2]['method'] . ' ' . $seen[2]['path']);
        self::assertNotEmpty($seen[2]['headers']['idempotency-key'][0]);
    }

    private const PAYOUT = '{"reference":"OUT-4KQ7ZP2M","provider":"WALLET_SN","environment":"sandbox",'
        . '"amount":"5000.00","fee":null,"currency":"XOF","recipient_phone":"+221771234567",'
        . '"recipient_name":"Awa Diop","reason":"Commission novembre","status":"PROCESSING",'
        . '"failure_code":null,"failure_reason":null,"metadata":{"staff_id":"S-12"},'
        . '"created_at":"2026-11-28T09:15:02.118000Z","updated_at":"2026-11-28T09:15:02.118000Z",'
        . '"settled_at":null}';

    public function testCreatePayoutSendsTheApiFieldsInOrderWithTheCallersKeyAndMapsThePayout(): void
    {
        $this->server->answer(201, self::PAYOUT);
        $payout = $this->client->createPayout(
            PayoutRequest::of('WALLET_SN', '5000', '+221771234567')
                ->withRecipientName('Awa Diop')
                ->withReason('Commission novembre')
                ->withMetadata(['staff_id' => 'S-12']),
            'payout-S-12-2026-11',
        );
        $request = $this->server->seen()[0];
        self::assertSame('POST', $request['method']);
        self::assertSame('/api/v1/abcdefghijklmnop/payouts/', $request['path']);
        self::assertSame(['pk_test_key'], $request['headers']['x-api-key']);
        self::assertSame(['sk_test_secret'], $request['headers']['x-api-secret']);
        self::assertSame(['application/json'], $request['headers']['content-type']);
        self::assertSame(['payout-S-12-2026-11'], $request['headers']['idempotency-key']);
        self::assertSame(
            '{"provider":"WALLET_SN","amount":"5000","recipient_phone":"+221771234567",'
            . '"recipient_name":"Awa Diop","reason":"Commission novembre","metadata":{"staff_id":"S-12"}}',
            $request['body'],
        );

        self::assertSame('OUT-4KQ7ZP2M', $payout->reference);
        self::assertSame('WALLET_SN', $payout->provider);
        self::assertSame('sandbox', $payout->environment);
        self::assertSame('5000.00', $payout->amount);
        self::assertNull($payout->fee);
        self::assertSame('XOF', $payout->currency);
        self::assertSame('+221771234567', $payout->recipientPhone);
        self::assertSame('Awa Diop', $payout->recipientName);
        self::assertSame('Commission novembre', $payout->reason);
        self::assertSame('PROCESSING', $payout->status);
        self::assertNull($payout->failureCode);
        self::assertNull($payout->failureReason);
        self::assertSame(['staff_id' => 'S-12'], $payout->metadata);
        self::assertSame('2026-11-28T09:15:02.118000Z', $payout->createdAt?->format('Y-m-d\TH:i:s.u\Z'));
        self::assertEquals($payout->createdAt, $payout->updatedAt);
        self::assertNull($payout->settledAt);
    }

    public function testCreatePayoutSendsOnlyTheRequiredFieldsAndNeedsTheCallersKey(): void
    {
        $this->server->answer(201, self::PAYOUT);
        $this->client->createPayout(PayoutRequest::of('MOBILEMONEY_SN', 2500, '+221761234567'), 'k-1');
        self::assertSame(
            '{"provider":"MOBILEMONEY_SN","amount":"2500","recipient_phone":"+221761234567"}',
            $this->server->seen()[0]['body'],
        );
        $request = PayoutRequest::of('WALLET_SN', '5000', '+221771234567');
        try {
            $this->client->createPayout($request, ' ');
            self::fail('a blank key was accepted');
        } catch (\InvalidArgumentException $e) {
            self::assertStringContainsString('idempotencyKey', $e->getMessage());
        }
        // No key at all does not even call: the argument is required.
        $parameter = (new \ReflectionMethod(XaalisClient::class, 'createPayout'))->getParameters()[1];
        self::assertSame('idempotencyKey', $parameter->getName());
        self::assertFalse($parameter->isOptional());
        self::assertFalse($parameter->allowsNull());
        try {
            PayoutRequest::of('WALLET_SN', '5 000', '+221771234567');
            self::fail('accepted an amount that is not decimal text');
        } catch (\InvalidArgumentException $e) {
            self::assertStringContainsString('decimal', $e->getMessage());
        }
        self::assertCount(1, $this->server->seen());
    }

    public function testCreatePayoutRetriesANetworkErrorAndA429WithTheSameKeyAndBody(): void
    {
        $this->server->answer(-1);
        $this->server->answer(429, '{"status":429}', ['Retry-After' => '0']);
        $this->server->answer(201, self::PAYOUT);
        $payout = $this->client->createPayout(PayoutRequest::of('WALLET_SN', '5000', '+221771234567'), 'k-retry');
        self::assertSame('OUT-4KQ7ZP2M', $payout->reference);
        $seen = $this->server->seen();
        self::assertCount(3, $seen);
        foreach ($seen as $request) {
            self::assertSame(['k-retry'], $request['headers']['idempotency-key']);
            self::assertSame($seen[0]['body'], $request['body']);
        }
    }

    public function testPayoutErrorsCarryTheApiErrorBodyAndAreNotRetried(): void
    {
        $this->server->answer(403, '{"status":403,"error":"Forbidden",'
            . '"message":"Payouts are turned off for this application","timestamp":"2026-11-28T09:15:02.118+00:00"}');
        $this->server->answer(400, '{"status":400,"error":"Bad Request","message":"Invalid request",'
            . '"errors":{"recipient_phone":["must be +221 and a mobile number"]}}');
        $this->server->answer(422, '{"status":422,"error":"Unprocessable Entity","message":"another body"}');
        $this->server->answer(404, '{"status":404,"error":"Not Found","message":"No such payout"}');
        $calls = [
            fn () => $this->client->createPayout(PayoutRequest::of('WALLET_SN', '5000', '+221771234567'), 'k-off'),
            fn () => $this->client->createPayout(PayoutRequest::of('WALLET_SN', '5000', '+33612345678'), 'k-bad'),
            fn () => $this->client->createPayout(PayoutRequest::of('WALLET_SN', '5001', '+221771234567'), 'k-bad'),
            fn () => $this->client->readPayout('OUT-NOPE0000'),
        ];
        $statuses = [];
        foreach ($calls as $call) {
            try {
                $call();
                self::fail('no error');
            } catch (XaalisException $e) {
                $statuses[] = $e->getStatus();
                self::assertFalse($e->isRetryable());
                if ($e->getStatus() === 403) {
                    self::assertStringContainsString('turned off', (string) $e->getError()?->message);
                }
                if ($e->getStatus() === 400) {
                    self::assertSame(
                        ['recipient_phone' => ['must be +221 and a mobile number']],
                        $e->getError()?->errors,
                    );
                }
            }
        }
        self::assertSame([403, 400, 422, 404], $statuses);
        self::assertCount(4, $this->server->seen());
    }

    public function testGetAndListPayoutsUseTheirPathsAndFilters(): void
    {
        $this->server->answer(200, str_replace(
            ['"PROCESSING"', '"fee":null'],
            ['"SUCCESS"', '"fee":"50.00"'],
            self::PAYOUT,
        ));
        $payout = $this->client->readPayout('OUT-4KQ7ZP2M');
        self::assertSame('SUCCESS', $payout->status);
        self::assertSame('50.00', $payout->fee);
        $this->server->answer(200, '{"data":[' . self::PAYOUT . ',' . self::PAYOUT . '],"has_more":true,"next_cursor":"c1"}');
        $page = $this->client->listPayouts(PayoutQuery::all()
            ->withStatus('FAILED')
            ->withProvider('WALLET_SN')
            ->createdBetween(new \DateTimeImmutable('2026-11-01T00:00:00Z'), new \DateTimeImmutable('2026-12-01T00:00:00Z'))
            ->after('c0')
            ->withLimit(2));
        self::assertCount(2, $page->payouts);
        self::assertSame('OUT-4KQ7ZP2M', $page->payouts[0]->reference);
        self::assertTrue($page->hasMore);
        self::assertSame('c1', $page->nextCursor);
        $this->server->answer(200, '{"data":[],"has_more":false,"next_cursor":null}');
        $last = $this->client->listPayouts();
        self::assertSame([], $last->payouts);
        self::assertNull($last->nextCursor);
        $seen = $this->server->seen();
        self::assertSame([
            'GET /api/v1/abcdefghijklmnop/payouts/OUT-4KQ7ZP2M/',
            'GET /api/v1/abcdefghijklmnop/payouts/',
            'GET /api/v1/abcdefghijklmnop/payouts/',
        ], array_map(static fn (array $s) => $s['method'] . ' ' . $s['path'], $seen));
        self::assertSame(
            'status=FAILED&provider=WALLET_SN&created_from=2026-11-01T00%3A00%3A00Z'
            . '&created_to=2026-12-01T00%3A00%3A00Z&cursor=c0&limit=2',
            $seen[1]['query'],
        );
        self::assertSame('limit=20', $seen[2]['query']);
        foreach ($seen as $request) {
            self::assertArrayNotHasKey('idempotency-key', $request['headers']);
        }
    }

    private const SETTLEMENT = '{"id":"019ad0a4-2d25-7e47-8ab9-12e6c632952b","reference":"STL-4KQ7ZP2M",'
        . '"environment":"sandbox","amount":"4500.00","currency":"XOF","provider":"WALLET_SN",'
        . '"destination":"+221 77 *** ** 67","status":"PROCESSING","payout_reference":"OUT-TO0UE0ED",'
        . '"origin":"api","failure_code":null,"failure_reason":null,'
        . '"created_at":"2026-11-28T09:15:02.118000Z","updated_at":"2026-11-28T09:15:02.118000Z"}';

    public function testBalanceAndItsTransactionsUseTheirPathsAndReadTheirFields(): void
    {
        $this->server->answer(200, '{"environment":"sandbox","currency":"XOF","available":"14770.00","pending":"1477.00"}');
        $balance = $this->client->balance();
        self::assertSame(
            ['sandbox', 'XOF', '14770.00', '1477.00'],
            [$balance->environment, $balance->currency, $balance->available, $balance->pending],
        );
        $this->server->answer(200, '{"data":[{"id":"019ab1c3","type":"refund","amount":"-1000.00","fee":"0.00",'
            . '"net":"-1000.00","reference":"SVC-Q4ZP81MD","created_at":"2026-11-23T10:02:11.000000Z",'
            . '"available_on":null},{"id":"019ab1c2","type":"payment","amount":"1500.00","fee":"23.00",'
            . '"net":"1477.00","reference":"SVC-7K2M9QXA","created_at":"2026-11-22T08:45:00.123456Z",'
            . '"available_on":"2026-11-23"},{"id":"019ab1c1","type":"adjustment","amount":"500.00","fee":"0.00",'
            . '"net":"500.00","reference":"019ab1c1","created_at":"2026-11-21T09:00:00.000000Z","available_on":null,'
            . '"description":"Geste commercial"}],"has_more":true,"next_cursor":"c1"}');
        $page = $this->client->listBalanceTransactions(BalanceTransactionQuery::all()->after('c0')->withLimit(2));
        self::assertTrue($page->hasMore);
        self::assertSame('c1', $page->nextCursor);
        [$refund, $payment, $adjustment] = $page->transactions;
        self::assertNull($refund->description);
        self::assertSame(['adjustment', '500.00', 'Geste commercial'], [$adjustment->type, $adjustment->net, $adjustment->description]);
        self::assertSame(
            ['019ab1c3', 'refund', '-1000.00', '0.00', '-1000.00', 'SVC-Q4ZP81MD', null],
            [$refund->id, $refund->type, $refund->amount, $refund->fee, $refund->net, $refund->reference, $refund->availableOn],
        );
        self::assertSame('2026-11-23T10:02:11+00:00', $refund->createdAt?->format(\DATE_ATOM));
        self::assertSame(
            ['payment', '1500.00', '23.00', '1477.00', 'SVC-7K2M9QXA', '2026-11-23'],
            [$payment->type, $payment->amount, $payment->fee, $payment->net, $payment->reference, $payment->availableOn],
        );
        $this->server->answer(200, '{"data":[],"has_more":false,"next_cursor":null}');
        self::assertSame([], $this->client->listBalanceTransactions()->transactions);
        $seen = $this->server->seen();
        self::assertSame([
            'GET /api/v1/abcdefghijklmnop/balance/ ',
            'GET /api/v1/abcdefghijklmnop/balance/transactions/ cursor=c0&limit=2',
            'GET /api/v1/abcdefghijklmnop/balance/transactions/ limit=20',
        ], array_map(static fn (array $s) => $s['method'] . ' ' . $s['path'] . ' ' . $s['query'], $seen));
        foreach ($seen as $request) {
            self::assertArrayNotHasKey('idempotency-key', $request['headers']);
        }
    }

    public function testCreateSettlementSendsTheAmountUnderTheCallersKeyOrAFreshOneKeptAcrossRetries(): void
    {
        $this->server->answer(201, self::SETTLEMENT);
        $settlement = $this->client->createSettlement(SettlementRequest::of('4500'), 'settle-2026-11-28');
        $request = $this->server->seen()[0];
        self::assertSame('POST /api/v1/abcdefghijklmnop/settlements/', $request['method'] . ' ' . $request['path']);
        self::assertSame(['settle-2026-11-28'], $request['headers']['idempotency-key']);
        self::assertSame(['application/json'], $request['headers']['content-type']);
        self::assertSame('{"amount":"4500"}', $request['body']);
        self::assertSame('019ad0a4-2d25-7e47-8ab9-12e6c632952b', $settlement->id);
        self::assertSame('STL-4KQ7ZP2M', $settlement->reference);
        self::assertSame('sandbox', $settlement->environment);
        self::assertSame('4500.00', $settlement->amount);
        self::assertSame('XOF', $settlement->currency);
        self::assertSame('WALLET_SN', $settlement->provider);
        self::assertSame('+221 77 *** ** 67', $settlement->destination);
        self::assertSame('PROCESSING', $settlement->status);
        self::assertSame('OUT-TO0UE0ED', $settlement->payoutReference);
        self::assertSame('api', $settlement->origin);
        self::assertNull($settlement->failureCode);
        self::assertNull($settlement->failureReason);
        self::assertSame('2026-11-28T09:15:02.118000Z', $settlement->createdAt?->format('Y-m-d\TH:i:s.u\Z'));
        self::assertEquals($settlement->createdAt, $settlement->updatedAt);

        // All that is available, under a fresh key kept across a network error and a 429.
        $this->server->answer(-1);
        $this->server->answer(429, '{"status":429}', ['Retry-After' => '0']);
        $this->server->answer(201, self::SETTLEMENT);
        $this->client->createSettlement();
        $retried = array_slice($this->server->seen(), 1);
        self::assertCount(3, $retried);
        $key = $retried[0]['headers']['idempotency-key'][0];
        self::assertMatchesRegularExpression('/^[0-9a-f-]{36}$/', $key);
        foreach ($retried as $attempt) {
            self::assertSame([$key], $attempt['headers']['idempotency-key']);
            self::assertSame('{}', $attempt['body']);
        }
        try {
            $this->client->createSettlement(SettlementRequest::all(), ' ');
            self::fail('a blank key was accepted');
        } catch (\InvalidArgumentException $e) {
            self::assertStringContainsString('idempotencyKey', $e->getMessage());
        }
        try {
            SettlementRequest::of('4 500');
            self::fail('accepted an amount that is not decimal text');
        } catch (\InvalidArgumentException $e) {
            self::assertStringContainsString('decimal', $e->getMessage());
        }
        self::assertCount(4, $this->server->seen());
    }

    public function testASettlementTheBalanceCannotCoverIsA409(): void
    {
        $this->server->answer(409, '{"status":409,"error":"Conflict",'
            . '"message":"The available balance does not cover 4500 XOF"}');
        try {
            $this->client->createSettlement(SettlementRequest::of(4500), 'k-big');
            self::fail('no error');
        } catch (XaalisException $e) {
            self::assertSame(409, $e->getStatus());
            self::assertStringContainsString('does not cover', (string) $e->getError()?->message);
        }
        self::assertCount(1, $this->server->seen());
    }

    public function testReadAndListSettlementsUseTheirPaths(): void
    {
        $this->server->answer(200, str_replace('"PROCESSING"', '"PAID"', self::SETTLEMENT));
        self::assertSame('PAID', $this->client->readSettlement('019ad0a4-2d25-7e47-8ab9-12e6c632952b')->status);
        $this->server->answer(200, '{"data":[' . self::SETTLEMENT . '],"has_more":true,"next_cursor":"c1"}');
        $page = $this->client->listSettlements(SettlementQuery::all()->withLimit(1));
        self::assertSame(['STL-4KQ7ZP2M'], array_map(static fn ($s) => $s->reference, $page->settlements));
        self::assertTrue($page->hasMore);
        $this->server->answer(200, '{"data":[],"has_more":false,"next_cursor":null}');
        self::assertNull($this->client->listSettlements(SettlementQuery::all()->withLimit(1)->after($page->nextCursor))->nextCursor);
        self::assertSame([
            'GET /api/v1/abcdefghijklmnop/settlements/019ad0a4-2d25-7e47-8ab9-12e6c632952b/ ',
            'GET /api/v1/abcdefghijklmnop/settlements/ limit=1',
            'GET /api/v1/abcdefghijklmnop/settlements/ cursor=c1&limit=1',
        ], array_map(static fn (array $s) => $s['method'] . ' ' . $s['path'] . ' ' . $s['query'], $this->server->seen()));
    }

    public function testFromEnvironmentNamesTheMissingVariable(): void
    {
        try {
            XaalisClient::fromEnvironment(['XAALIS_BASE_URL' => 'http://x']);
            self::fail('no error');
        } catch (\InvalidArgumentException $e) {
            self::assertStringContainsString('XAALIS_ENDPOINT_KEY', $e->getMessage());
        }
        $fromEnv = XaalisClient::fromEnvironment([
            'XAALIS_BASE_URL' => 'http://x',
            'XAALIS_ENDPOINT_KEY' => 'k',
            'XAALIS_API_KEY' => 'pk_test_a',
            'XAALIS_API_SECRET' => 'sk_test_b',
        ]);
        self::assertStringNotContainsString('sk_test_b', (string) $fromEnv);
        self::assertStringNotContainsString('sk_test_b', print_r($fromEnv, true));
        ob_start();
        var_dump($fromEnv);
        self::assertStringNotContainsString('sk_test_b', (string) ob_get_clean());
    }

    public function testAConfigurationErrorNeverShowsTheSecretInItsTrace(): void
    {
        try {
            new XaalisClient('http://x', 'k', 'pk_test_a', 'sk_test_hidden', maxRetries: -1);
            self::fail('no error');
        } catch (\InvalidArgumentException $e) {
            self::assertStringNotContainsString('sk_test_hidden', (string) $e);
        }
    }
}
