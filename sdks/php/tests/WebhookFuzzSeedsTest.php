<?php

declare(strict_types=1);

namespace Xaalis\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Xaalis\WebhookVerificationException;
use Xaalis\WebhookVerificationReason;
use Xaalis\WebhookVerifier;

/**
 * The Java SDK's fuzz regression inputs (sdks/java/src/test/resources/…/WebhookVerifierFuzzTestInputs),
 * replayed against this verifier with the same properties: raw bytes split on the first newline into
 * header and body.
 */
final class WebhookFuzzSeedsTest extends TestCase
{
    private const SEEDS = __DIR__ . '/../../java/src/test/resources/sn/xaalis/sdk/WebhookVerifierFuzzTestInputs';
    private const SECRET = 'sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD';
    private const NOW = 1_795_000_000;

    /** @return array<string, array{0: string}> */
    public static function anyHeaderAndBody(): array
    {
        return self::seeds('anyHeaderAndBody');
    }

    /** @return array<string, array{0: string}> */
    public static function oneChangedByte(): array
    {
        return self::seeds('oneChangedByteNeverVerifies');
    }

    /**
     * Refused with a reason, or accepted only when one v1 really is the HMAC of t.body (computed here).
     *
     * @dataProvider anyHeaderAndBody
     */
    #[DataProvider('anyHeaderAndBody')]
    public function testAnyHeaderAndBody(string $input): void
    {
        $newline = strpos($input, "\n");
        $header = $newline === false ? $input : substr($input, 0, $newline);
        $body = $newline === false ? '' : substr($input, $newline + 1);
        try {
            $event = self::verifier()->verify($body, $header);
            self::assertTrue(self::carriesTrueSignature($header, $body), 'accepted ' . $header);
            self::assertNotSame('', $event->event);
        } catch (WebhookVerificationException $e) {
            self::assertNotSame('', $e->getMessage());
            self::assertStringNotContainsString(self::SECRET, $e->getMessage());
        }
    }

    /**
     * A signed notification verifies; with one byte of the body or the header changed it never does.
     *
     * @dataProvider oneChangedByte
     */
    #[DataProvider('oneChangedByte')]
    public function testOneChangedByteNeverVerifies(string $input): void
    {
        self::assertGreaterThanOrEqual(3, strlen($input));
        $position = (ord($input[0]) << 8) | ord($input[1]);
        $flip = $input[2] === "\0" ? 1 : ord($input[2]);
        $body = self::notification(substr($input, 3));
        $header = WebhookVerifier::sign($body, self::NOW, self::SECRET);
        self::assertSame('transaction.success', self::verifier()->verify($body, $header)->event);
        try {
            if (($position & 1) === 0) {
                $i = ($position >> 1) % strlen($body);
                $body[$i] = chr(ord($body[$i]) ^ $flip);
                self::verifier()->verify($body, $header);
            } else {
                $i = ($position >> 1) % strlen($header);
                $header[$i] = chr(ord($header[$i]) ^ $flip);
                self::verifier()->verify($body, $header);
            }
            self::fail('a changed notification verified');
        } catch (WebhookVerificationException $e) {
            self::assertNotSame(WebhookVerificationReason::INVALID_BODY, $e->getReason());
            if (($position & 1) === 0) {
                self::assertSame(WebhookVerificationReason::NO_MATCHING_SIGNATURE, $e->getReason());
            }
        }
    }

    /** @return array<string, array{0: string}> */
    private static function seeds(string $test): array
    {
        $cases = [];
        foreach (glob(self::SEEDS . '/' . $test . '/*') ?: [] as $file) {
            $cases[basename($file)] = [(string) file_get_contents($file)];
        }
        if ($cases === []) {
            throw new \RuntimeException('no seeds under ' . self::SEEDS . '/' . $test);
        }
        return $cases;
    }

    private static function verifier(): WebhookVerifier
    {
        return new WebhookVerifier(self::SECRET, 300, static fn (): int => self::NOW);
    }

    /** A well-formed notification whose metadata note carries the bytes (escaped as JSON). */
    private static function notification(string $text): string
    {
        $note = '';
        foreach (str_split($text) as $char) {
            $c = ord($char);
            $note .= ($c === 0x22 || $c === 0x5C || $c < 0x20 || $c >= 0x7F) ? sprintf('\\u%04x', $c) : $char;
        }
        return '{"id":"SVC-AB12CD34:SUCCESS","event":"transaction.success","environment":"sandbox",'
            . '"data":{"reference":"SVC-AB12CD34","amount":"1500.00","metadata":{"note":"' . $note . '"}}}';
    }

    /** The oracle: whether some v1= part equals HMAC-SHA256(secret, t + "." + body) in lowercase hex. */
    private static function carriesTrueSignature(string $header, string $body): bool
    {
        $t = null;
        foreach (explode(',', $header) as $part) {
            $item = trim($part);
            if (str_starts_with($item, 't=')) {
                $t = substr($item, 2);
            }
        }
        if ($t === null) {
            return false;
        }
        $expected = hash_hmac('sha256', $t . '.' . $body, self::SECRET);
        foreach (explode(',', $header) as $part) {
            $item = trim($part);
            if (str_starts_with($item, 'v1=') && hash_equals($expected, substr($item, 3))) {
                return true;
            }
        }
        return false;
    }
}
