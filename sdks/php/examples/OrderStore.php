<?php

declare(strict_types=1);

/**
 * The demo's order store: one JSON file, locked while it is changed so that concurrent requests (several
 * PHP-FPM workers, a webhook arriving twice at once) never lose an update. A real shop keeps its orders
 * in its database, with a unique index on the processed event ids.
 *
 * The file: {"orders": {"o-42": {"amount": "1500", "status": "pending", …}}, "processed_events": […]}
 */
final class OrderStore
{
    public function __construct(private readonly string $file)
    {
    }

    /** The store named by XAALIS_ORDERS_FILE, else orders.json beside this file. */
    public static function fromEnvironment(): self
    {
        $file = getenv('XAALIS_ORDERS_FILE');
        return new self(is_string($file) && $file !== '' ? $file : __DIR__ . '/orders.json');
    }

    /**
     * Runs $change on the store's content under an exclusive lock and saves what it leaves there.
     *
     * @template T
     * @param callable(array<string, mixed>): T $change receives the content by reference
     * @return T what $change returned
     */
    public function change(callable $change): mixed
    {
        $handle = fopen($this->file, 'c+');
        if ($handle === false) {
            throw new RuntimeException('Cannot open the order store ' . $this->file);
        }
        try {
            flock($handle, LOCK_EX);
            $text = stream_get_contents($handle);
            $store = $text === '' || $text === false ? self::demo() : json_decode($text, true, 512, JSON_THROW_ON_ERROR);
            $result = $change($store);
            ftruncate($handle, 0);
            rewind($handle);
            fwrite($handle, json_encode($store, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE | JSON_THROW_ON_ERROR) . "\n");
            fflush($handle);
            return $result;
        } finally {
            flock($handle, LOCK_UN);
            fclose($handle);
        }
    }

    /** Two orders to start with, as the Java example has. */
    private static function demo(): array
    {
        return [
            'orders' => [
                'o-1' => ['amount' => '1500', 'status' => 'pending'],
                'o-2' => ['amount' => '2500', 'status' => 'pending'],
            ],
            'processed_events' => [],
        ];
    }
}
