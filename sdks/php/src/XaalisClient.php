<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * The Xaalis payment API for a merchant's server. Create one per application and reuse it.
 *
 * ```php
 * $xaalis = XaalisClient::fromEnvironment();
 * $payment = $xaalis->initiate(
 *     PaymentRequest::of('WALLET_SN', '1500')->withMetadata(['order_id' => 'o-42']),
 * );
 * // show $payment->deepLinks or $payment->qrCode to the customer, then wait for the webhook
 * ```
 *
 * Every POST carries an Idempotency-Key (generated unless you pass one, as to {@see self::createSettlement()};
 * a payout's is always yours, see {@see self::createPayout()}), kept across retries, so a
 * retried call never creates or changes anything twice. Network errors (timeouts included) and 429
 * answers are retried ($maxRetries, honouring Retry-After); other errors throw {@see XaalisException}
 * with the API's error body.
 */
final class XaalisClient
{
    private const USER_AGENT = 'xaalis-php/0.1';

    private readonly string $baseUrl;

    /**
     * @param string $baseUrl where Xaalis runs, such as https://pay.example.com
     * @param string $endpointKey your application's endpoint key (the path segment after /api/v1/)
     * @param string $apiKey pk_test_… or pk_live_…; the environment follows from the keys
     * @param string $apiSecret sk_test_… or sk_live_…: a server-side secret, never sent to a browser
     * @param float $connectTimeout seconds to connect, default 5
     * @param float $requestTimeout seconds per attempt, default 30
     * @param int $maxRetries further attempts after a network error or a 429; default 2, 0 disables retries
     * @param float $retryDelay seconds of the first pause after a network error, doubled on each retry
     *     (with jitter); default 0.25
     * @param float $maxRetryAfter the longest Retry-After honoured, in seconds; default 30
     * @throws \InvalidArgumentException when a required setting is missing or a number is negative
     */
    public function __construct(
        string $baseUrl,
        private readonly string $endpointKey,
        private readonly string $apiKey,
        #[\SensitiveParameter] private readonly string $apiSecret,
        private readonly float $connectTimeout = 5.0,
        private readonly float $requestTimeout = 30.0,
        private readonly int $maxRetries = 2,
        private readonly float $retryDelay = 0.25,
        private readonly float $maxRetryAfter = 30.0,
    ) {
        foreach (['baseUrl' => $baseUrl, 'endpointKey' => $endpointKey, 'apiKey' => $apiKey, 'apiSecret' => $apiSecret]
            as $name => $value) {
            if (trim($value) === '') {
                throw new \InvalidArgumentException($name . ' is required');
            }
        }
        if ($maxRetries < 0) {
            throw new \InvalidArgumentException('maxRetries must not be negative');
        }
        if ($connectTimeout <= 0 || $requestTimeout <= 0 || $retryDelay < 0 || $maxRetryAfter < 0) {
            throw new \InvalidArgumentException('timeouts must be positive and delays not negative');
        }
        $this->baseUrl = rtrim($baseUrl, '/');
    }

    /**
     * A client configured from XAALIS_BASE_URL, XAALIS_ENDPOINT_KEY, XAALIS_API_KEY and XAALIS_API_SECRET.
     *
     * @param array<string, string>|null $env the variables to read; null for the process environment
     * @throws \InvalidArgumentException naming the first variable that is not set
     */
    public static function fromEnvironment(?array $env = null): self
    {
        $env ??= getenv();
        $read = static function (string $name) use ($env): string {
            $value = $env[$name] ?? null;
            if (!is_string($value) || trim($value) === '') {
                throw new \InvalidArgumentException('Environment variable ' . $name . ' is not set');
            }
            return $value;
        };
        return new self(
            $read('XAALIS_BASE_URL'),
            $read('XAALIS_ENDPOINT_KEY'),
            $read('XAALIS_API_KEY'),
            $read('XAALIS_API_SECRET'),
        );
    }

    /**
     * Starts collecting a payment.
     *
     * @param string|null $idempotencyKey at most 255 characters; the same key and request within 24 h
     *     return the first payment instead of creating another (use your order id to survive your own
     *     restarts); null for a fresh one
     * @throws XaalisException
     */
    public function initiate(PaymentRequest $request, ?string $idempotencyKey = null): Payment
    {
        return Payment::fromArray($this->create('/payments/initiate/', $request->toBody(), $idempotencyKey));
    }

    /**
     * The payment's current status (catch up after a missed notification, or confirm before delivering).
     *
     * @throws XaalisException
     */
    public function status(string $reference): Payment
    {
        return Payment::fromArray($this->send('GET', '/payments/' . self::segment($reference) . '/status/'));
    }

    /**
     * A page of payments of this application and environment, newest first.
     *
     * @throws XaalisException
     */
    public function list(?PaymentQuery $query = null): PaymentPage
    {
        $query ??= PaymentQuery::all();
        return new PaymentPage(...$this->listPage('/payments/', $query, Payment::fromArray(...)));
    }

    /**
     * Cancels a PROCESSING payment (409 when it already left PROCESSING).
     *
     * @throws XaalisException
     */
    public function cancel(string $reference): Payment
    {
        return Payment::fromArray(
            $this->send('POST', '/payments/' . self::segment($reference) . '/cancel/', null, self::uuid()),
        );
    }

    /**
     * Refunds a SUCCESS payment (409 when it is not SUCCESS).
     *
     * @throws XaalisException
     */
    public function refund(string $reference): Payment
    {
        return Payment::fromArray(
            $this->send('POST', '/payments/' . self::segment($reference) . '/refund/', null, self::uuid()),
        );
    }

    /**
     * Completes a PROCESSING MOBILEMONEY_SN payment with the one-time code the customer got by dialling
     * the operator's USSD menu.
     *
     * The payment comes back SUCCESS, or FAILED ($errorMessage says why: insufficient funds, the code
     * refused three times); or still PROCESSING (a 202) when the operator has not answered yet, in which
     * case the webhook or {@see self::status()} tells the end. A code the operator refuses while tries
     * remain throws a 400 XaalisException whose getError()->errors has 'otp' (the payment stays
     * PROCESSING: ask the customer again); a WALLET_SN payment, a 400 with 'provider'; a payment no
     * longer PROCESSING, or whose previous code is still being checked, a 409. The code is sent once in
     * the body and never appears in a message or a stack trace.
     *
     * @param string $phone the customer's Senegal number, with or without +221, spaces allowed
     * @param string $otp the one-time code, as the customer typed it
     * @throws XaalisException
     */
    public function payWithCode(string $reference, string $phone, #[\SensitiveParameter] string $otp): Payment
    {
        return Payment::fromArray($this->send(
            'POST',
            '/payments/' . self::segment($reference) . '/otp',
            ['customer_phone' => $phone, 'otp' => $otp],
            self::uuid(),
        ));
    }

    /**
     * Forces a sandbox payment's outcome (sandbox keys only), which sends its notification.
     *
     * @throws XaalisException
     */
    public function simulate(string $reference, Outcome $outcome): Payment
    {
        return Payment::fromArray($this->send(
            'POST',
            '/sandbox/payments/' . self::segment($reference) . '/simulate',
            ['outcome' => $outcome->value],
            self::uuid(),
        ));
    }

    /**
     * Creates a payment link to share or print as its QR code.
     *
     * @param string|null $idempotencyKey as for {@see self::initiate()}; null for a fresh one
     * @throws XaalisException
     */
    public function createPaymentLink(PaymentLinkRequest $request, ?string $idempotencyKey = null): PaymentLink
    {
        return PaymentLink::fromArray($this->create('/payment-links/', $request->toBody(), $idempotencyKey));
    }

    /**
     * A page of this application's payment links in the keys' environment, newest first.
     *
     * @param string|null $cursor the nextCursor of the previous page
     * @param int $limit page size, 1 to 100
     * @throws XaalisException
     */
    public function listPaymentLinks(?string $cursor = null, int $limit = 20): PaymentLinkPage
    {
        return new PaymentLinkPage(...$this->page(
            '/payment-links/?' . Fields::query(['cursor' => $cursor, 'limit' => (string) $limit]),
            PaymentLink::fromArray(...),
        ));
    }

    /**
     * Stops a payment link for good (payments it already started are not touched).
     *
     * @throws XaalisException
     */
    public function deactivatePaymentLink(string $code): PaymentLink
    {
        return PaymentLink::fromArray(
            $this->send('POST', '/payment-links/' . self::segment($code) . '/deactivate/', null, self::uuid()),
        );
    }

    /**
     * Sends money to a Senegalese mobile number from the application's provider account (payouts must be
     * turned on for the application first, else a 403).
     *
     * The key is required and never generated: a payout is sent at most once per key, however late the
     * same call is retried. After a lost answer retry with the same key (the same payout comes back),
     * never with a new one; the same key with another request is refused with a 422.
     *
     * @param string $idempotencyKey 1 to 255 characters, yours to keep with the payout you mean (such as
     *     your own payout's id)
     * @throws \InvalidArgumentException for an empty key
     * @throws XaalisException
     */
    public function createPayout(PayoutRequest $request, string $idempotencyKey): Payout
    {
        if (trim($idempotencyKey) === '') {
            throw new \InvalidArgumentException('idempotencyKey is required: a payout is never sent without one');
        }
        return Payout::fromArray($this->create('/payouts/', $request->toBody(), $idempotencyKey));
    }

    /**
     * The payout as it stands; 404 for a reference that is not one of this application's in the keys'
     * environment.
     *
     * @throws XaalisException
     */
    public function readPayout(string $reference): Payout
    {
        return Payout::fromArray($this->send('GET', '/payouts/' . self::segment($reference) . '/'));
    }

    /**
     * A page of payouts of this application and environment, newest first.
     *
     * @throws XaalisException
     */
    public function listPayouts(?PayoutQuery $query = null): PayoutPage
    {
        $query ??= PayoutQuery::all();
        return new PayoutPage(...$this->listPage('/payouts/', $query, Payout::fromArray(...)));
    }

    /**
     * The application's balance in the keys' environment: available, and pending until its delay ends.
     *
     * @throws XaalisException
     */
    public function balance(): Balance
    {
        return Balance::fromArray($this->send('GET', '/balance/'));
    }

    /**
     * A page of what moved the balance (payments, refunds, settlements…), newest first.
     *
     * @throws XaalisException
     */
    public function listBalanceTransactions(?BalanceTransactionQuery $query = null): BalanceTransactionPage
    {
        $query ??= BalanceTransactionQuery::all();
        return new BalanceTransactionPage(
            ...$this->page('/balance/transactions/?' . $query->toQueryString(), BalanceTransaction::fromArray(...)),
        );
    }

    /**
     * Pays the available balance (all of it, or the request's amount) out to the application's own
     * number, set in the portal. The balance is debited at once; a failed or reversed settlement credits
     * it back.
     *
     * The same key and request answer the same settlement however late they are retried; the same key
     * with another request is refused with a 422. A 409 when no number is set (or it changed less than
     * 24 h ago) or when available does not cover the amount.
     *
     * @param string|null $idempotencyKey 1 to 255 characters (such as your own withdrawal's id, to retry it
     *     safely after a lost answer); null for a fresh one, kept across this call's own retries
     * @throws \InvalidArgumentException for a blank key
     * @throws XaalisException
     */
    public function createSettlement(?SettlementRequest $request = null, ?string $idempotencyKey = null): Settlement
    {
        if ($idempotencyKey !== null && trim($idempotencyKey) === '') {
            throw new \InvalidArgumentException('idempotencyKey must not be blank');
        }
        $body = ($request ?? SettlementRequest::all())->toBody();
        return Settlement::fromArray(
            $this->send('POST', '/settlements/', $body === [] ? new \stdClass() : $body, $idempotencyKey ?? self::uuid()),
        );
    }

    /**
     * The settlement as it stands; 404 for an id that is not one of this application's in the keys'
     * environment.
     *
     * @throws XaalisException
     */
    public function readSettlement(string $id): Settlement
    {
        return Settlement::fromArray($this->send('GET', '/settlements/' . self::segment($id) . '/'));
    }

    /**
     * A page of settlements of this application and environment, newest first.
     *
     * @throws XaalisException
     */
    public function listSettlements(?SettlementQuery $query = null): SettlementPage
    {
        $query ??= SettlementQuery::all();
        return new SettlementPage(...$this->page('/settlements/?' . $query->toQueryString(), Settlement::fromArray(...)));
    }

    /** @return array<string, mixed> what var_dump() and print_r() show: never the secret */
    public function __debugInfo(): array
    {
        return ['baseUrl' => $this->baseUrl, 'endpointKey' => $this->endpointKey, 'apiKey' => $this->apiKey];
    }

    public function __toString(): string
    {
        // The secret stays out of logs.
        return 'XaalisClient[' . $this->baseUrl . ', ' . $this->endpointKey . ', ' . $this->apiKey . ']';
    }

    /**
     * One call, retried on network errors and 429; the decoded JSON object of a 2xx answer.
     *
     * @param array<string, mixed>|\stdClass|null $body encoded as JSON when given (an object: {} when empty)
     * @return array<array-key, mixed>
     * @throws XaalisException
     */
    private function send(
        string $method,
        string $path,
        // A one-time code travels in a body: kept out of stack traces.
        #[\SensitiveParameter] array|\stdClass|null $body = null,
        ?string $idempotencyKey = null,
    ): array {
        $url = $this->baseUrl . '/api/v1/' . self::segment($this->endpointKey) . $path;
        $headers = [
            'X-Api-Key: ' . $this->apiKey,
            'X-Api-Secret: ' . $this->apiSecret,
            'Accept: application/json',
            'User-Agent: ' . self::USER_AGENT,
            // curl would otherwise wait for a 100 Continue before a large body.
            'Expect:',
        ];
        if ($idempotencyKey !== null) {
            $headers[] = 'Idempotency-Key: ' . $idempotencyKey;
        }
        $payload = null;
        if ($body !== null) {
            $payload = json_encode(
                $body,
                JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_PRESERVE_ZERO_FRACTION | JSON_THROW_ON_ERROR,
            );
            $headers[] = 'Content-Type: application/json';
        } elseif ($method === 'POST') {
            $payload = '';
            // No body: no Content-Type (curl would say application/x-www-form-urlencoded).
            $headers[] = 'Content-Type:';
        }
        for ($attempt = 0; ; $attempt++) {
            $response = $this->attempt($method, $url, $headers, $payload);
            if (is_string($response)) {
                if ($attempt >= $this->maxRetries) {
                    throw XaalisException::unreachable(
                        'Xaalis could not be reached after ' . ($attempt + 1) . ' attempts: ' . $response,
                    );
                }
                self::pause($this->backoff($attempt));
                continue;
            }
            [$status, $responseHeaders, $text] = $response;
            if ($status === 429 && $attempt < $this->maxRetries) {
                self::pause($this->retryAfter($responseHeaders) ?? $this->backoff($attempt));
                continue;
            }
            if ($status >= 200 && $status < 300) {
                $decoded = self::decodeObject($text);
                if ($decoded === null) {
                    throw XaalisException::fromError(
                        new ApiError($status, 'Invalid response', 'The response is not JSON', null),
                    );
                }
                return $decoded;
            }
            throw XaalisException::fromError(self::error($status, $text));
        }
    }

    /**
     * @param list<string> $headers
     * @return array{0: int, 1: array<string, string>, 2: string}|string the answer, or what went wrong
     */
    private function attempt(
        string $method,
        string $url,
        array $headers,
        #[\SensitiveParameter] ?string $payload,
    ): array|string
    {
        $responseHeaders = [];
        $handle = curl_init();
        $options = [
            CURLOPT_URL => $url,
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_FOLLOWLOCATION => false,
            CURLOPT_HTTP_VERSION => CURL_HTTP_VERSION_1_1,
            CURLOPT_PROTOCOLS => CURLPROTO_HTTP | CURLPROTO_HTTPS,
            CURLOPT_CONNECTTIMEOUT_MS => (int) ceil($this->connectTimeout * 1000),
            CURLOPT_TIMEOUT_MS => (int) ceil($this->requestTimeout * 1000),
            // Sub-second timeouts without signals.
            CURLOPT_NOSIGNAL => true,
            CURLOPT_HEADERFUNCTION => static function ($curl, string $line) use (&$responseHeaders): int {
                $colon = strpos($line, ':');
                if ($colon !== false) {
                    $responseHeaders[strtolower(trim(substr($line, 0, $colon)))] = trim(substr($line, $colon + 1));
                }
                return strlen($line);
            },
        ];
        if ($payload !== null) {
            $options[CURLOPT_POSTFIELDS] = $payload;
        }
        curl_setopt_array($handle, $options);
        $text = curl_exec($handle);
        $failure = $text === false ? curl_error($handle) : null;
        $status = (int) curl_getinfo($handle, CURLINFO_RESPONSE_CODE);
        curl_close($handle);
        if ($failure !== null) {
            return $failure === '' ? 'network error' : $failure;
        }
        return [$status, $responseHeaders, (string) $text];
    }

    /** @param array<string, string> $headers */
    private function retryAfter(array $headers): ?float
    {
        $value = trim($headers['retry-after'] ?? '');
        if (preg_match('/^[+-]?[0-9]{1,18}$/D', $value) !== 1) {
            return null; // an HTTP date, or nothing: back off as after a network error
        }
        return min(max(0.0, (float) $value), $this->maxRetryAfter);
    }

    private function backoff(int $attempt): float
    {
        $base = (int) round($this->retryDelay * 1000) << min($attempt, 10);
        // Jitter spreads the retries of many clients that failed together.
        return (intdiv($base, 2) + random_int(0, intdiv($base, 2))) / 1000;
    }

    private static function pause(float $seconds): void
    {
        if ($seconds > 0) {
            usleep((int) round($seconds * 1_000_000));
        }
    }

    /** @return array<array-key, mixed>|null the JSON object, or null when the text is not one */
    private static function decodeObject(string $text): ?array
    {
        if (!str_starts_with(ltrim($text, " \t\n\r"), '{')) {
            return null;
        }
        try {
            $decoded = json_decode($text, true, 512, JSON_BIGINT_AS_STRING | JSON_THROW_ON_ERROR);
        } catch (\JsonException) {
            return null;
        }
        return is_array($decoded) ? $decoded : null;
    }

    private static function error(int $status, string $text): ApiError
    {
        $body = self::decodeObject($text);
        if ($body === null) {
            return new ApiError($status, 'HTTP ' . $status, 'The response carried no error body', null);
        }
        $errors = [];
        foreach (is_array($body['errors'] ?? null) ? $body['errors'] : [] as $field => $messages) {
            $errors[(string) $field] = array_values(array_map(
                static fn ($message) => Fields::text($message) ?? '',
                is_array($messages) ? $messages : [$messages],
            ));
        }
        return new ApiError(
            is_int($body['status'] ?? null) ? $body['status'] : $status,
            Fields::string($body, 'error'),
            Fields::string($body, 'message'),
            Fields::string($body, 'timestamp'),
            $errors,
        );
    }

    /**
     * A POST that creates something, under the caller's idempotency key or else a fresh one (kept across
     * retries).
     *
     * @param array<string, mixed> $body
     * @return array<string, mixed>
     * @throws XaalisException
     */
    private function create(string $path, array $body, ?string $idempotencyKey): array
    {
        return $this->send('POST', $path, $body, $idempotencyKey ?? self::uuid());
    }

    /**
     * The page of a filtered list ({@see PaymentQuery}, {@see PayoutQuery}) that the query asks for.
     *
     * @template T
     * @param callable(array<array-key, mixed>): T $item
     * @return array{0: list<T>, 1: bool, 2: ?string}
     * @throws XaalisException
     */
    private function listPage(string $path, PaymentQuery|PayoutQuery $query, callable $item): array
    {
        return $this->page($path . '?' . $query->toQueryString(), $item);
    }

    /**
     * A page of a list: its items (the objects of its data array, read by $item), has_more, next_cursor.
     *
     * @template T
     * @param callable(array<array-key, mixed>): T $item
     * @return array{0: list<T>, 1: bool, 2: ?string}
     * @throws XaalisException
     */
    private function page(string $pathAndQuery, callable $item): array
    {
        $page = $this->send('GET', $pathAndQuery);
        $items = [];
        foreach (is_array($page['data'] ?? null) ? $page['data'] : [] as $node) {
            if (is_array($node)) {
                $items[] = $item($node);
            }
        }
        return [$items, ($page['has_more'] ?? false) === true, Fields::string($page, 'next_cursor')];
    }

    private static function segment(string $value): string
    {
        return rawurlencode($value);
    }

    /** A random (version 4) UUID. */
    private static function uuid(): string
    {
        $bytes = random_bytes(16);
        $bytes[6] = chr((ord($bytes[6]) & 0x0F) | 0x40);
        $bytes[8] = chr((ord($bytes[8]) & 0x3F) | 0x80);
        return vsprintf('%s%s-%s-%s-%s-%s%s%s', str_split(bin2hex($bytes), 4));
    }
}
