<?php

declare(strict_types=1);

namespace Xaalis\Tests;

use PHPUnit\Framework\TestCase;
use Xaalis\WebhookVerifier;

/** examples/receiver.php under PHP's built-in server, as a merchant would run it. */
final class ReceiverTest extends TestCase
{
    private const SECRET = 'sk_test_0123456789abcdefghijklmnopqrstuvwxyzABCD';

    /** @var resource */
    private $process;
    private string $dir;
    private string $url;

    protected function setUp(): void
    {
        $this->dir = sys_get_temp_dir() . '/xaalis-receiver-' . bin2hex(random_bytes(6));
        mkdir($this->dir);
        file_put_contents($this->dir . '/orders.json', json_encode([
            'orders' => ['o-42' => ['amount' => '1500', 'status' => 'pending']],
            'processed_events' => [],
        ]));
        $probe = stream_socket_server('tcp://127.0.0.1:0');
        $address = (string) stream_socket_get_name($probe, false);
        fclose($probe);
        $this->url = 'http://' . $address . '/webhooks/xaalis';
        $process = proc_open(
            [PHP_BINARY, '-S', $address, __DIR__ . '/../examples/receiver.php'],
            [0 => ['file', '/dev/null', 'r'], 1 => ['file', $this->dir . '/server.log', 'a'],
                2 => ['file', $this->dir . '/server.log', 'a']],
            $pipes,
            __DIR__ . '/..',
            ['XAALIS_API_SECRET' => self::SECRET, 'XAALIS_ORDERS_FILE' => $this->dir . '/orders.json']
                + getenv(),
        );
        self::assertIsResource($process);
        $this->process = $process;
        for ($i = 0; $i < 100; $i++) {
            $socket = @stream_socket_client('tcp://' . $address, $errno, $errstr, 0.1);
            if ($socket !== false) {
                fclose($socket);
                return;
            }
            usleep(50_000);
        }
        self::fail('the receiver did not start: ' . @file_get_contents($this->dir . '/server.log'));
    }

    protected function tearDown(): void
    {
        proc_terminate($this->process);
        proc_close($this->process);
        foreach (glob($this->dir . '/*') ?: [] as $file) {
            unlink($file);
        }
        rmdir($this->dir);
    }

    public function testAppliesAVerifiedNotificationOnceAndRefusesForgeries(): void
    {
        $body = self::notification('SUCCESS', '1500.00');
        $signed = WebhookVerifier::sign($body, time(), self::SECRET);

        self::assertSame(401, $this->post($body, null));
        self::assertSame(401, $this->post(str_replace('1500.00', '15.00', $body), $signed));
        self::assertSame(401, $this->post($body, WebhookVerifier::sign($body, time() - 301, self::SECRET)));
        self::assertSame(401, $this->post($body, WebhookVerifier::sign($body, time(), 'sk_test_someone_else')));
        self::assertSame('pending', $this->orders()['orders']['o-42']['status']);

        self::assertSame(200, $this->post($body, $signed));
        self::assertSame(200, $this->post($body, WebhookVerifier::sign($body, time(), self::SECRET))); // a resend
        $cheap = self::notification('REFUNDED', '1.00');
        self::assertSame(422, $this->post($cheap, WebhookVerifier::sign($cheap, time(), self::SECRET)));
        $late = self::notification('FAILED', '1500.00');
        self::assertSame(200, $this->post($late, WebhookVerifier::sign($late, time(), self::SECRET)));

        $orders = $this->orders();
        self::assertSame('paid', $orders['orders']['o-42']['status']);
        self::assertSame('SVC-AB12CD34', $orders['orders']['o-42']['payment_reference']);
        self::assertSame(['SVC-AB12CD34:SUCCESS', 'SVC-AB12CD34:FAILED'], $orders['orders']['o-42']['events']);
        self::assertSame(['SVC-AB12CD34:SUCCESS', 'SVC-AB12CD34:FAILED'], $orders['processed_events']);
        $log = (string) file_get_contents($this->dir . '/server.log');
        self::assertStringContainsString('Refused a notification: MISSING_HEADER', $log);
        self::assertStringContainsString('Refused a notification: STALE_TIMESTAMP', $log);
        self::assertStringNotContainsString(self::SECRET, $log);
    }

    public function testOnlyPostOnItsPath(): void
    {
        self::assertSame(405, $this->request('GET', $this->url, '', []));
        self::assertSame(404, $this->request('POST', str_replace('/webhooks/xaalis', '/other', $this->url), '{}', []));
    }

    private static function notification(string $status, string $amount): string
    {
        return '{"id":"SVC-AB12CD34:' . $status . '","event":"transaction.' . strtolower($status) . '",'
            . '"environment":"sandbox","created_at":"2026-11-22T08:42:45.123400Z","data":{'
            . '"reference":"SVC-AB12CD34","amount":"' . $amount . '","status":"' . $status . '",'
            . '"metadata":{"order_id":"o-42"}}}';
    }

    private function post(string $body, ?string $signature): int
    {
        $headers = ['Content-Type: application/json'];
        if ($signature !== null) {
            $headers[] = 'X-SVC-Signature: ' . $signature;
        }
        return $this->request('POST', $this->url, $body, $headers);
    }

    /** @param list<string> $headers */
    private function request(string $method, string $url, string $body, array $headers): int
    {
        $curl = curl_init($url);
        curl_setopt_array($curl, [
            CURLOPT_CUSTOMREQUEST => $method,
            CURLOPT_POSTFIELDS => $method === 'POST' ? $body : null,
            CURLOPT_HTTPHEADER => $headers,
            CURLOPT_RETURNTRANSFER => true,
            CURLOPT_TIMEOUT => 10,
        ]);
        self::assertNotFalse(curl_exec($curl), curl_error($curl));
        $status = (int) curl_getinfo($curl, CURLINFO_RESPONSE_CODE);
        curl_close($curl);
        return $status;
    }

    /** @return array<string, mixed> */
    private function orders(): array
    {
        return json_decode((string) file_get_contents($this->dir . '/orders.json'), true, 512, JSON_THROW_ON_ERROR);
    }
}
