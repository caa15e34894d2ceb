<?php

declare(strict_types=1);

namespace Xaalis\Tests;

use PHPUnit\Framework\TestCase;
use Xaalis\WebhookEvent;
use Xaalis\WebhookVerificationException;
use Xaalis\WebhookVerificationReason;
use Xaalis\WebhookVerifier;

final class WebhookVerifierTest extends TestCase
{
    private const SECRET = 'sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD';
    private const NOW = 1795336965; // 2026-11-22T08:42:45Z
    private const BODY = '{"id":"SVC-AB12CD34:SUCCESS","event":"transaction.success",'
        . '"environment":"sandbox","created_at":"2026-11-22T08:42:45.123400Z","data":{'
        . '"reference":"SVC-AB12CD34","amount":"1500.00","paid_at":null,"late":false,'
        . '"metadata":{"order_id":"o-42","items":[1,2.50],"note":"caf\u00e9"}}}';

    private WebhookVerifier $verifier;

    protected function setUp(): void
    {
        $this->verifier = new WebhookVerifier(self::SECRET, 300, static fn (): int => self::NOW);
    }

    public function testReturnsTheParsedEvent(): void
    {
        $event = $this->verifier->verify(self::BODY, WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET));
        self::assertSame('SVC-AB12CD34:SUCCESS', $event->id);
        self::assertSame('transaction.success', $event->event);
        self::assertSame('sandbox', $event->environment);
        self::assertSame('2026-11-22T08:42:45.123400Z', $event->createdAt);
        self::assertSame('SVC-AB12CD34', $event->reference);
        self::assertSame('1500.00', $event->dataString('amount'));
        self::assertNull($event->dataString('late'));
        self::assertArrayHasKey('paid_at', $event->data);
        self::assertNull($event->data['paid_at']);
        self::assertFalse($event->data['late']);
        self::assertSame(['order_id' => 'o-42', 'items' => [1, 2.5], 'note' => 'café'], $event->metadata);
        self::assertSame(self::BODY, $event->rawBody);
    }

    private const PAYOUT_BODY = '{"id":"OUT-4KQ7ZP2M:FAILED","event":"payout.failed",'
        . '"environment":"sandbox","created_at":"2026-11-28T09:15:03.000000Z","data":{'
        . '"reference":"OUT-4KQ7ZP2M","provider":"WALLET_SN","environment":"sandbox",'
        . '"amount":"5000.00","fee":null,"currency":"XOF","recipient_phone":"+221700000011",'
        . '"recipient_name":null,"reason":null,"status":"FAILED",'
        . '"failure_code":"recipient-limit-exceeded","failure_reason":"monthly limit",'
        . '"metadata":{"staff_id":"S-12"},"created_at":"2026-11-28T09:15:02.118000Z",'
        . '"updated_at":"2026-11-28T09:15:03.000000Z","settled_at":"2026-11-28T09:15:03.000000Z"}}';

    private const SETTLEMENT_BODY = '{"id":"STL-4KQ7ZP2M:FAILED","event":"settlement.failed",'
        . '"environment":"sandbox","created_at":"2026-11-28T09:15:03.000000Z","data":{'
        . '"id":"019ad0a4-2d25-7e47-8ab9-12e6c632952b","reference":"STL-4KQ7ZP2M","environment":"sandbox",'
        . '"amount":"4500.00","currency":"XOF","provider":"WALLET_SN","destination":"+221 70 *** ** 11",'
        . '"status":"FAILED","payout_reference":"OUT-TO0UE0ED","origin":"api",'
        . '"failure_code":"recipient-limit-exceeded","failure_reason":"monthly limit",'
        . '"created_at":"2026-11-28T09:15:02.118000Z","updated_at":"2026-11-28T09:15:03.000000Z"}}';

    public function testASettlementNotificationVerifiesAndReadsAsASettlement(): void
    {
        $event = $this->verifier->verify(
            self::SETTLEMENT_BODY,
            WebhookVerifier::sign(self::SETTLEMENT_BODY, self::NOW, self::SECRET),
        );
        self::assertSame('settlement.failed', $event->event);
        self::assertSame('STL-4KQ7ZP2M', $event->reference);
        self::assertSame('FAILED', $event->status);
        self::assertNull($event->payout);
        $settlement = $event->settlement;
        self::assertNotNull($settlement);
        self::assertSame('019ad0a4-2d25-7e47-8ab9-12e6c632952b', $settlement->id);
        self::assertSame('4500.00', $settlement->amount);
        self::assertSame('+221 70 *** ** 11', $settlement->destination);
        self::assertSame('OUT-TO0UE0ED', $settlement->payoutReference);
        self::assertSame('recipient-limit-exceeded', $settlement->failureCode);
        self::assertSame('2026-11-28T09:15:03+00:00', $settlement->updatedAt?->format(\DATE_ATOM));
        $payout = $this->verifier->verify(
            self::PAYOUT_BODY,
            WebhookVerifier::sign(self::PAYOUT_BODY, self::NOW, self::SECRET),
        );
        self::assertNull($payout->settlement);
        $payment = $this->verifier->verify(self::BODY, WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET));
        self::assertNull($payment->settlement);
    }

    public function testAPayoutNotificationVerifiesAndReadsAsAPayout(): void
    {
        $event = $this->verifier->verify(
            self::PAYOUT_BODY,
            WebhookVerifier::sign(self::PAYOUT_BODY, self::NOW, self::SECRET),
        );
        self::assertSame('OUT-4KQ7ZP2M:FAILED', $event->id);
        self::assertSame('payout.failed', $event->event);
        self::assertSame('OUT-4KQ7ZP2M', $event->reference);
        self::assertSame('FAILED', $event->status);
        self::assertSame(['staff_id' => 'S-12'], $event->metadata);
        $payout = $event->payout;
        self::assertNotNull($payout);
        self::assertSame('OUT-4KQ7ZP2M', $payout->reference);
        self::assertSame('FAILED', $payout->status);
        self::assertSame('5000.00', $payout->amount);
        self::assertNull($payout->fee);
        self::assertSame('+221700000011', $payout->recipientPhone);
        self::assertSame('recipient-limit-exceeded', $payout->failureCode);
        self::assertSame('monthly limit', $payout->failureReason);
        self::assertSame(['staff_id' => 'S-12'], $payout->metadata);
        self::assertSame('2026-11-28T09:15:03+00:00', $payout->settledAt?->format(\DATE_ATOM));

        // A payment's notification is no payout; its status reads the same way.
        $payment = $this->verifier->verify(self::BODY, WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET));
        self::assertNull($payment->payout);
        self::assertNull($payment->status);
        $withStatus = str_replace('"amount"', '"status":"SUCCESS","amount"', self::BODY);
        self::assertSame(
            'SUCCESS',
            $this->verifier->verify($withStatus, WebhookVerifier::sign($withStatus, self::NOW, self::SECRET))->status,
        );

        // Signed, but a payout whose time is not one: not a notification.
        $broken = str_replace('"settled_at":"2026-11-28T09:15:03.000000Z"', '"settled_at":"yesterday-ish"', self::PAYOUT_BODY);
        try {
            $this->verifier->verify($broken, WebhookVerifier::sign($broken, self::NOW, self::SECRET));
            self::fail('accepted');
        } catch (WebhookVerificationException $e) {
            self::assertSame(WebhookVerificationReason::INVALID_BODY, $e->getReason());
        }
    }

    public function testTheEventsFieldsAreReadOnlyPropertiesAsInEveryLibrary(): void
    {
        // sdks/README.md: the same fields, properties in every language (PHP: public readonly).
        foreach (['id', 'event', 'environment', 'createdAt', 'data', 'rawBody', 'reference', 'metadata', 'status', 'payout']
            as $name) {
            $property = new \ReflectionProperty(WebhookEvent::class, $name);
            self::assertTrue($property->isPublic() && $property->isReadOnly(), $name);
        }
    }

    public function testEachReasonIsBackedByItsOwnName(): void
    {
        self::assertSame(
            ['MISSING_HEADER', 'MALFORMED_HEADER', 'STALE_TIMESTAMP', 'NO_MATCHING_SIGNATURE', 'INVALID_BODY'],
            array_map(static fn (WebhookVerificationReason $r): string => $r->value, WebhookVerificationReason::cases()),
        );
        foreach (WebhookVerificationReason::cases() as $reason) {
            self::assertSame($reason->name, $reason->value);
            self::assertSame($reason, WebhookVerificationReason::from($reason->name));
        }
    }

    public function testMetadataThatIsNotAnObjectReadsAsEmpty(): void
    {
        foreach (['"metadata":[1]', '"metadata":"x"', '"metadata":null', '"other":1'] as $field) {
            $body = '{"id":"a:SUCCESS","event":"transaction.success","data":{' . $field . '}}';
            $event = $this->verifier->verify($body, WebhookVerifier::sign($body, self::NOW, self::SECRET));
            self::assertSame([], $event->metadata, $field);
        }
    }

    public function testASignedBodyThatIsNotUtf8IsRefused(): void
    {
        $body = "{\xC3}";
        $this->assertRefused(WebhookVerificationReason::INVALID_BODY, $body, WebhookVerifier::sign($body, self::NOW, self::SECRET));
    }

    public function testSignedBodiesThatAreNotNotificationsAreRefused(): void
    {
        foreach ([
            '[]',
            '"text"',
            '{"id":"a","event":"e","data":[]}',
            '{"id":1,"event":"e","data":{}}',
            '{"id":"a","event":null,"data":{}}',
            '{"id":"a","id":"b","event":"e","data":{}}',
            '{"id":"a","event":"e","data":{}}' . "\0",
            "\u{FEFF}" . '{"id":"a","event":"e","data":{}}',
            '{"id":"a","event":"e","data":{"n":1e999999999999}}',
        ] as $body) {
            $this->assertRefused(WebhookVerificationReason::INVALID_BODY, $body,
                WebhookVerifier::sign($body, self::NOW, self::SECRET));
        }
    }

    public function testTheHeaderIsParsedStrictly(): void
    {
        $v1 = substr(WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET), strlen('t=' . self::NOW . ',v1='));
        $cases = [
            " \t " => WebhookVerificationReason::MISSING_HEADER,
            't=' . self::NOW . ',v1=' . $v1 . ',' => WebhookVerificationReason::MALFORMED_HEADER,
            '=,t=' . self::NOW . ',v1=' . $v1 => WebhookVerificationReason::MALFORMED_HEADER,
            't=+' . self::NOW . ',v1=' . $v1 => WebhookVerificationReason::MALFORMED_HEADER,
            't=' . self::NOW . '.0,v1=' . $v1 => WebhookVerificationReason::MALFORMED_HEADER,
            't=' . str_repeat('1', 19) . ',v1=' . $v1 => WebhookVerificationReason::MALFORMED_HEADER,
            "t=\u{0661}\u{0662},v1=" . $v1 => WebhookVerificationReason::MALFORMED_HEADER,
            't=' . self::NOW . ',v1=' . $v1 . str_repeat(',v1=00', 1400) => WebhookVerificationReason::MALFORMED_HEADER,
            'T=' . self::NOW . ',v1=' . $v1 => WebhookVerificationReason::MALFORMED_HEADER,
            't=' . self::NOW . ',V1=' . $v1 => WebhookVerificationReason::MALFORMED_HEADER,
            't=' . self::NOW . ',v1=' . $v1 . ' x' => WebhookVerificationReason::NO_MATCHING_SIGNATURE,
            't=' . str_repeat('9', 18) . ',v1=' . $v1 => WebhookVerificationReason::STALE_TIMESTAMP,
        ];
        foreach ($cases as $header => $reason) {
            $this->assertRefused($reason, self::BODY, (string) $header);
        }
        // White space around parts and a v1 among other schemes is fine.
        $event = $this->verifier->verify(self::BODY, " t=" . self::NOW . " ,\tv0=ab, v1=00 ,v1=" . $v1 . " ,v2=future ");
        self::assertSame('SVC-AB12CD34:SUCCESS', $event->id);
    }

    public function testTheToleranceAndTheClockAreInjected(): void
    {
        $header = WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET);
        $strict = new WebhookVerifier([self::SECRET], 0, static fn (): int => self::NOW + 1);
        try {
            $strict->verify(self::BODY, $header);
            self::fail('accepted');
        } catch (WebhookVerificationException $e) {
            self::assertSame(WebhookVerificationReason::STALE_TIMESTAMP, $e->getReason());
            self::assertStringContainsString('0 s', $e->getMessage());
        }
        $exact = new WebhookVerifier([self::SECRET], 0, static fn (): int => self::NOW);
        self::assertSame('SVC-AB12CD34:SUCCESS', $exact->verify(self::BODY, $header)->id);
        // The system clock by default: a body signed now verifies, one signed 301 s ago does not.
        $live = new WebhookVerifier(self::SECRET);
        self::assertSame('SVC-AB12CD34:SUCCESS', $live->verify(self::BODY, WebhookVerifier::sign(self::BODY, time(), self::SECRET))->id);
        $this->assertRefusedBy($live, WebhookVerificationReason::STALE_TIMESTAMP, self::BODY,
            WebhookVerifier::sign(self::BODY, time() - 301, self::SECRET));
    }

    public function testAnyOfSeveralSecretsVerifies(): void
    {
        $both = new WebhookVerifier(['sk_test_old', self::SECRET], 300, static fn (): int => self::NOW);
        self::assertSame('SVC-AB12CD34:SUCCESS', $both->verify(self::BODY, WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET))->id);
        self::assertSame('SVC-AB12CD34:SUCCESS', $both->verify(self::BODY, WebhookVerifier::sign(self::BODY, self::NOW, 'sk_test_old'))->id);
        $this->assertRefusedBy($both, WebhookVerificationReason::NO_MATCHING_SIGNATURE, self::BODY,
            WebhookVerifier::sign(self::BODY, self::NOW, 'sk_test_other'));
    }

    public function testMessagesNeverContainTheSecretOrTheExpectedSignature(): void
    {
        $good = WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET);
        $expectedHex = substr($good, (int) strpos($good, 'v1=') + 3);
        try {
            $this->verifier->verify(self::BODY . ' ', $good);
            self::fail('accepted');
        } catch (WebhookVerificationException $e) {
            self::assertStringNotContainsString(self::SECRET, (string) $e);
            self::assertStringNotContainsString($expectedHex, (string) $e);
        }
        self::assertStringNotContainsString(self::SECRET, print_r($this->verifier, true));
        ob_start();
        var_dump($this->verifier);
        self::assertStringNotContainsString(self::SECRET, (string) ob_get_clean());
    }

    public function testRefusesUnusableConfiguration(): void
    {
        foreach ([static fn () => new WebhookVerifier([]),
            static fn () => new WebhookVerifier(''),
            static fn () => new WebhookVerifier([self::SECRET, '']),
            static fn () => new WebhookVerifier(self::SECRET, -1),
            static fn () => WebhookVerifier::sign(self::BODY, self::NOW)] as $i => $make) {
            try {
                $make();
                self::fail('accepted configuration ' . $i);
            } catch (\InvalidArgumentException $e) {
                self::assertStringNotContainsString(self::SECRET, (string) $e);
            }
        }
    }

    public function testSignTakesUnixSecondsOrATime(): void
    {
        $fromInt = WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET);
        $fromTime = WebhookVerifier::sign(self::BODY, new \DateTimeImmutable('@' . self::NOW), self::SECRET);
        self::assertSame($fromInt, $fromTime);
        self::assertStringStartsWith('t=' . self::NOW . ',v1=', $fromInt);
        self::assertMatchesRegularExpression('/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/',
            WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET, 'sk_test_old'));
    }

    /**
     * A signed notification verifies; the same with any one byte of the body or the header changed
     * never does (the Java SDK's fuzz property, over every position with a fixed set of flips).
     */
    public function testOneChangedByteNeverVerifies(): void
    {
        $header = WebhookVerifier::sign(self::BODY, self::NOW, self::SECRET);
        foreach ([0x01, 0x20, 0x80, 0xFF] as $flip) {
            for ($i = 0; $i < strlen(self::BODY); $i++) {
                $changed = self::BODY;
                $changed[$i] = chr(ord($changed[$i]) ^ $flip);
                // The signature is checked before the body is read: refused for that, not as an unreadable body.
                $this->assertRefused(WebhookVerificationReason::NO_MATCHING_SIGNATURE, $changed, $header);
            }
            for ($i = 0; $i < strlen($header); $i++) {
                $changed = $header;
                $changed[$i] = chr(ord($changed[$i]) ^ $flip);
                try {
                    $this->verifier->verify(self::BODY, $changed);
                    self::fail('a changed header verified: ' . bin2hex($changed));
                } catch (WebhookVerificationException $e) {
                    self::assertNotSame(WebhookVerificationReason::INVALID_BODY, $e->getReason());
                }
            }
        }
    }

    private function assertRefused(WebhookVerificationReason $reason, string $body, ?string $header): void
    {
        $this->assertRefusedBy($this->verifier, $reason, $body, $header);
    }

    private function assertRefusedBy(WebhookVerifier $verifier, WebhookVerificationReason $reason, string $body, ?string $header): void
    {
        try {
            $verifier->verify($body, $header);
            self::fail('accepted ' . $header . ' over ' . bin2hex($body));
        } catch (WebhookVerificationException $e) {
            self::assertSame($reason, $e->getReason(), ($header ?? 'null') . ': ' . $e->getMessage());
            self::assertNotSame('', $e->getMessage());
        }
    }
}
