<?php

declare(strict_types=1);

namespace Xaalis;

use Xaalis\Internal\StrictJson;

/**
 * Verifies the X-SVC-Signature of a Xaalis notification exactly as SPEC §6.3 asks, over the raw
 * request body: pass `file_get_contents('php://input')`, never a re-encoded array.
 *
 * ```php
 * $verifier = new WebhookVerifier(getenv('XAALIS_API_SECRET'));
 * try {
 *     $event = $verifier->verify(file_get_contents('php://input'), $_SERVER['HTTP_X_SVC_SIGNATURE'] ?? null);
 *     // deduplicate on $event->id, compare $event->dataString('amount') with the order, then answer 200
 * } catch (WebhookVerificationException $e) {
 *     http_response_code(401); // $e->getReason() says what failed
 * }
 * ```
 *
 * During a key rotation Xaalis signs with every active secret (`t=…,v1=<new>,v1=<old>`); a verifier
 * holding either secret accepts the notification.
 */
final class WebhookVerifier
{
    /** The replay window of SPEC §6.3, in seconds, either way. */
    public const DEFAULT_TOLERANCE = 300;

    /** The header Xaalis signs notifications with. */
    public const SIGNATURE_HEADER = 'X-SVC-Signature';

    /** The same header as PHP puts it in $_SERVER. */
    public const SIGNATURE_SERVER_KEY = 'HTTP_X_SVC_SIGNATURE';

    private const MAX_HEADER_LENGTH = 8192;

    /** What Java's String.strip() and isBlank() take for white space, in ASCII. */
    private const SPACE = " \t\n\x0B\f\r\x1C\x1D\x1E\x1F";

    /** @var list<string> */
    private readonly array $secrets;

    /** @var \Closure(): int */
    private readonly \Closure $clock;

    /**
     * @param string|list<string> $secrets your application's sk_test_… or sk_live_… secret; pass both the
     *     old and the new one during your own rotation
     * @param int $tolerance how far t may be from now, in seconds, in either direction
     * @param (callable(): int)|null $clock the current unix time in seconds (inject a fixed one in tests);
     *     null for time()
     * @throws \InvalidArgumentException without a secret, with an empty one, or with a negative tolerance
     */
    public function __construct(
        #[\SensitiveParameter] string|array $secrets,
        private readonly int $tolerance = self::DEFAULT_TOLERANCE,
        ?callable $clock = null,
    ) {
        if ($tolerance < 0) {
            throw new \InvalidArgumentException('tolerance must not be negative');
        }
        $secrets = is_array($secrets) ? array_values($secrets) : [$secrets];
        if ($secrets === []) {
            throw new \InvalidArgumentException('at least one secret is needed');
        }
        foreach ($secrets as $secret) {
            if (!is_string($secret) || $secret === '') {
                throw new \InvalidArgumentException('a secret must be a non-empty string');
            }
        }
        $this->secrets = $secrets;
        $this->clock = $clock === null ? static fn (): int => time() : \Closure::fromCallable($clock);
    }

    /**
     * Verifies a notification and returns it parsed.
     *
     * @param string $rawBody the request body bytes exactly as received
     * @param string|null $signatureHeader the value of X-SVC-Signature, or null when the request had none
     * @throws WebhookVerificationException when the notification must be refused (answer 401)
     */
    public function verify(string $rawBody, ?string $signatureHeader): WebhookEvent
    {
        [$timestamp, $candidates] = self::parse($signatureHeader);
        $now = ($this->clock)();
        if (abs((float) $now - (float) $timestamp) > $this->tolerance) {
            throw new WebhookVerificationException(
                WebhookVerificationReason::STALE_TIMESTAMP,
                'The signature timestamp is more than ' . $this->tolerance . ' s away from now',
            );
        }
        $matched = false;
        foreach ($this->secrets as $secret) {
            $expected = self::hmac($secret, $timestamp, $rawBody);
            foreach ($candidates as $candidate) {
                // Every pair is compared in full; no early exit that would time which one matched.
                $matched = hash_equals($expected, $candidate) || $matched;
            }
        }
        if (!$matched) {
            throw new WebhookVerificationException(
                WebhookVerificationReason::NO_MATCHING_SIGNATURE,
                'No v1 signature matches the body signed with the configured secret',
            );
        }
        return self::event($rawBody);
    }

    /**
     * Signs a body as Xaalis does, for producing test notifications in your own tests. The arguments
     * come in the same order in every Xaalis library: body, timestamp, then one or more secrets.
     *
     * @param int|\DateTimeInterface $timestamp the signature time (unix seconds)
     * @param string ...$secrets one or more secrets; one v1 is written per secret, as during a rotation
     * @return string an X-SVC-Signature value: `t=<unix seconds>,v1=<hex>` with one v1 per secret
     */
    public static function sign(string $rawBody, int|\DateTimeInterface $timestamp, #[\SensitiveParameter] string ...$secrets): string
    {
        if ($secrets === []) {
            throw new \InvalidArgumentException('at least one secret is needed');
        }
        $seconds = $timestamp instanceof \DateTimeInterface ? $timestamp->getTimestamp() : $timestamp;
        $header = 't=' . $seconds;
        foreach ($secrets as $secret) {
            $header .= ',v1=' . self::hmac($secret, $seconds, $rawBody);
        }
        return $header;
    }

    /** @return array<string, mixed> what var_dump() and print_r() show: never the secrets */
    public function __debugInfo(): array
    {
        return ['secrets' => count($this->secrets) . ' (hidden)', 'tolerance' => $this->tolerance];
    }

    /**
     * @return array{0: int, 1: list<string>} t and every v1
     * @throws WebhookVerificationException
     */
    private static function parse(?string $header): array
    {
        if ($header === null || trim($header, self::SPACE) === '') {
            throw new WebhookVerificationException(
                WebhookVerificationReason::MISSING_HEADER,
                'The ' . self::SIGNATURE_HEADER . ' header is missing',
            );
        }
        if (strlen($header) > self::MAX_HEADER_LENGTH) {
            throw self::malformed('the header is too long');
        }
        $timestamp = null;
        $v1 = [];
        foreach (explode(',', $header) as $part) {
            $item = trim($part, self::SPACE);
            $eq = strpos($item, '=');
            if ($eq === false || $eq === 0) {
                throw self::malformed('every part must be key=value');
            }
            $key = substr($item, 0, $eq);
            $value = substr($item, $eq + 1);
            if ($key === 't') {
                if ($timestamp !== null) {
                    throw self::malformed('t appears twice');
                }
                if ($value === '' || strlen($value) > 18 || strspn($value, '0123456789') !== strlen($value)) {
                    throw self::malformed('t must be a number of seconds');
                }
                $timestamp = (int) $value;
            } elseif ($key === 'v1') {
                if ($value === '') {
                    throw self::malformed('v1 is empty');
                }
                $v1[] = $value;
            }
            // Other keys (future schemes) are ignored, as the version label in the header intends.
        }
        if ($timestamp === null) {
            throw self::malformed('t is missing');
        }
        if ($v1 === []) {
            throw self::malformed('v1 is missing');
        }
        return [$timestamp, $v1];
    }

    private static function malformed(string $why): WebhookVerificationException
    {
        return new WebhookVerificationException(
            WebhookVerificationReason::MALFORMED_HEADER,
            'Malformed ' . self::SIGNATURE_HEADER . ': ' . $why,
        );
    }

    /** @throws WebhookVerificationException */
    private static function event(string $rawBody): WebhookEvent
    {
        if (preg_match('//u', $rawBody) !== 1) {
            throw self::invalid('the body is not UTF-8');
        }
        try {
            $root = StrictJson::parse($rawBody);
        } catch (\InvalidArgumentException $e) {
            throw self::invalid($e->getMessage());
        }
        if (!$root instanceof \stdClass) {
            throw self::invalid('the body is not a JSON object');
        }
        $id = $root->id ?? null;
        $event = $root->event ?? null;
        $environment = $root->environment ?? null;
        $createdAt = $root->created_at ?? null;
        $data = $root->data ?? null;
        if (!is_string($id) || !is_string($event) || !$data instanceof \stdClass) {
            throw self::invalid('id, event and data are required');
        }
        $metadata = $data->metadata ?? null;
        try {
            return new WebhookEvent(
                $id,
                $event,
                is_string($environment) ? $environment : null,
                is_string($createdAt) ? $createdAt : null,
                StrictJson::toPhp($data),
                $rawBody,
                $metadata instanceof \stdClass ? StrictJson::toPhp($metadata) : [],
            );
        } catch (\UnexpectedValueException $e) {
            // A payout's data with a time that is not one.
            throw self::invalid($e->getMessage());
        }
    }

    private static function invalid(string $why): WebhookVerificationException
    {
        return new WebhookVerificationException(
            WebhookVerificationReason::INVALID_BODY,
            'The body is not a notification: ' . $why,
        );
    }

    /** Lowercase hexadecimal HMAC-SHA256 of "<t>." followed by the body. */
    private static function hmac(#[\SensitiveParameter] string $secret, int $timestamp, string $body): string
    {
        return hash_hmac('sha256', $timestamp . '.' . $body, $secret);
    }
}
