<?php

declare(strict_types=1);

namespace Xaalis\Tests;

use PHPUnit\Framework\Attributes\DataProvider;
use PHPUnit\Framework\TestCase;
use Xaalis\WebhookVerificationException;
use Xaalis\WebhookVerifier;

/** The shared SPEC §6.3 vectors (testdata/webhook-signatures.json), also read by the Java SDK and the server. */
final class WebhookVectorsTest extends TestCase
{
    private const VECTORS = __DIR__ . '/../../../testdata/webhook-signatures.json';

    /** @return array<string, array{0: array<string, mixed>}> */
    public static function vectors(): array
    {
        $root = json_decode((string) file_get_contents(self::VECTORS), true, 512, JSON_THROW_ON_ERROR);
        $cases = [];
        foreach ($root['vectors'] as $vector) {
            $cases[$vector['name']] = [$vector];
        }
        return $cases;
    }

    /** @return array<string, array{0: array<string, mixed>}> */
    public static function signedVectors(): array
    {
        return array_filter(self::vectors(), static fn (array $case) => isset($case[0]['signed_with']));
    }

    /**
     * @dataProvider vectors
     * @param array<string, mixed> $vector
     */
    #[DataProvider('vectors')]
    public function testVerifierMeetsTheVector(array $vector): void
    {
        $verifier = new WebhookVerifier($vector['secrets'], WebhookVerifier::DEFAULT_TOLERANCE, static fn () => $vector['now']);
        if ($vector['expected'] === 'OK') {
            $event = $verifier->verify($vector['body'], $vector['header']);
            self::assertSame($vector['body'], $event->rawBody);
            self::assertNotSame('', $event->id);
            return;
        }
        try {
            $verifier->verify($vector['body'], $vector['header']);
            self::fail('accepted; expected ' . $vector['expected']);
        } catch (WebhookVerificationException $e) {
            self::assertSame($vector['expected'], $e->getReason()->name);
        }
    }

    /**
     * @dataProvider signedVectors
     * @param array<string, mixed> $vector
     */
    #[DataProvider('signedVectors')]
    public function testSignHelperProducesTheServersHeader(array $vector): void
    {
        self::assertSame($vector['header'], WebhookVerifier::sign($vector['body'], $vector['now'], ...$vector['signed_with']));
    }

    public function testTheFileHasEveryReasonAndBothOutcomes(): void
    {
        $expected = array_unique(array_map(static fn (array $case) => $case[0]['expected'], self::vectors()));
        sort($expected);
        self::assertSame(
            ['INVALID_BODY', 'MALFORMED_HEADER', 'MISSING_HEADER', 'NO_MATCHING_SIGNATURE', 'OK', 'STALE_TIMESTAMP'],
            $expected,
        );
        self::assertGreaterThanOrEqual(27, count(self::vectors()));
    }
}
