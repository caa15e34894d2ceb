<?php

declare(strict_types=1);

namespace Xaalis\Tests\Support;

/**
 * Runs scripted-server.php as a child process: {@see self::answer()} queues answers, {@see self::seen()}
 * reads what the client sent.
 */
final class ScriptedServer
{
    /** @var resource */
    private $process;
    /** @var array<int, resource> */
    private array $pipes = [];
    private readonly string $dir;
    public readonly int $port;

    public function __construct(string $defaultBody)
    {
        $this->dir = sys_get_temp_dir() . '/xaalis-php-' . bin2hex(random_bytes(6));
        mkdir($this->dir);
        file_put_contents($this->dir . '/queue.json', '[]');
        file_put_contents($this->dir . '/log.jsonl', '');
        file_put_contents($this->dir . '/default.json', json_encode(['status' => 200, 'body' => $defaultBody]));
        $process = proc_open(
            [PHP_BINARY, __DIR__ . '/scripted-server.php', $this->dir . '/queue.json', $this->dir . '/log.jsonl',
                $this->dir . '/default.json'],
            [0 => ['pipe', 'r'], 1 => ['pipe', 'w'], 2 => ['file', $this->dir . '/stderr.log', 'a']],
            $this->pipes,
        );
        if (!is_resource($process)) {
            throw new \RuntimeException('cannot start the scripted server');
        }
        $this->process = $process;
        $port = fgets($this->pipes[1]);
        if ($port === false) {
            throw new \RuntimeException('the scripted server did not start: ' . @file_get_contents($this->dir . '/stderr.log'));
        }
        $this->port = (int) trim($port);
    }

    public function url(): string
    {
        return 'http://127.0.0.1:' . $this->port;
    }

    /**
     * Queues one answer; status -1 closes the connection without answering.
     *
     * @param array<string, string> $headers
     */
    public function answer(int $status, string $body = '', array $headers = [], int $delayMillis = 0): void
    {
        $queue = json_decode((string) file_get_contents($this->dir . '/queue.json'), true);
        $queue[] = ['status' => $status, 'body' => $body, 'headers' => (object) $headers, 'delay_ms' => $delayMillis];
        file_put_contents($this->dir . '/queue.json', json_encode($queue));
    }

    /** @return list<array{method: string, path: string, query: ?string, headers: array<string, list<string>>, body: string}> */
    public function seen(): array
    {
        $lines = array_filter(explode("\n", (string) file_get_contents($this->dir . '/log.jsonl')));
        return array_values(array_map(static fn (string $line) => json_decode($line, true), $lines));
    }

    public function stop(): void
    {
        fclose($this->pipes[0]);
        fclose($this->pipes[1]);
        proc_close($this->process);
        foreach (glob($this->dir . '/*') ?: [] as $file) {
            unlink($file);
        }
        rmdir($this->dir);
    }
}
