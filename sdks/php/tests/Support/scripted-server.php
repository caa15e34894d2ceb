<?php

declare(strict_types=1);

/*
 * A scripted HTTP/1.1 server on loopback for the client tests (run by ScriptedServer): prints its port,
 * then answers each request with the next answer of the JSON queue file (or a default one), logging every
 * request as a JSON line first. An answer with status -1 closes the connection without answering; a delay
 * answers later without holding up other connections. Stops when its standard input closes.
 *
 * Usage: php scripted-server.php QUEUE_FILE LOG_FILE DEFAULT_ANSWER_FILE
 */

[, $queueFile, $logFile, $defaultFile] = $argv;
$server = stream_socket_server('tcp://127.0.0.1:0', $errno, $errstr);
if ($server === false) {
    fwrite(STDERR, "cannot listen: $errstr\n");
    exit(1);
}
stream_set_blocking($server, false);
$name = stream_socket_get_name($server, false);
fwrite(STDOUT, substr($name, strrpos($name, ':') + 1) . "\n");
fflush(STDOUT);

/** @var array<int, array{socket: resource, buffer: string, due: float|null, response: string|null}> $connections */
$connections = [];

while (true) {
    $read = [$server, STDIN];
    foreach ($connections as $connection) {
        if ($connection['due'] === null) {
            $read[] = $connection['socket'];
        }
    }
    $write = null;
    $except = null;
    if (stream_select($read, $write, $except, 0, 10_000) === false) {
        break;
    }
    foreach ($read as $stream) {
        if ($stream === STDIN) {
            if (fread(STDIN, 1024) === '' && feof(STDIN)) {
                exit(0);
            }
            continue;
        }
        if ($stream === $server) {
            $socket = @stream_socket_accept($server, 0);
            if ($socket !== false) {
                stream_set_blocking($socket, false);
                $connections[(int) $socket] = ['socket' => $socket, 'buffer' => '', 'due' => null, 'response' => null];
            }
            continue;
        }
        $id = (int) $stream;
        $chunk = fread($stream, 65536);
        if ($chunk === '' || $chunk === false) {
            if (feof($stream)) {
                fclose($stream);
                unset($connections[$id]);
            }
            continue;
        }
        $connections[$id]['buffer'] .= $chunk;
        $request = parseRequest($connections[$id]['buffer']);
        if ($request === null) {
            continue;
        }
        file_put_contents($logFile, json_encode($request, JSON_UNESCAPED_SLASHES) . "\n", FILE_APPEND | LOCK_EX);
        $answer = nextAnswer($queueFile, $defaultFile);
        if ($answer['status'] === -1) {
            fclose($stream);
            unset($connections[$id]);
            continue;
        }
        $connections[$id]['due'] = microtime(true) + ($answer['delay_ms'] ?? 0) / 1000;
        $connections[$id]['response'] = response($answer);
    }
    $now = microtime(true);
    foreach ($connections as $id => $connection) {
        if ($connection['due'] !== null && $connection['due'] <= $now) {
            stream_set_blocking($connection['socket'], true);
            @fwrite($connection['socket'], $connection['response']);
            fclose($connection['socket']);
            unset($connections[$id]);
        }
    }
}

/** @return array<string, mixed>|null the request once complete (headers and Content-Length body) */
function parseRequest(string $buffer): ?array
{
    $end = strpos($buffer, "\r\n\r\n");
    if ($end === false) {
        return null;
    }
    $lines = explode("\r\n", substr($buffer, 0, $end));
    [$method, $target] = explode(' ', array_shift($lines));
    $headers = [];
    foreach ($lines as $line) {
        [$header, $value] = explode(':', $line, 2);
        $headers[strtolower(trim($header))][] = trim($value);
    }
    $length = (int) ($headers['content-length'][0] ?? 0);
    if (strlen($buffer) < $end + 4 + $length) {
        return null;
    }
    $query = parse_url($target, PHP_URL_QUERY);
    return [
        'method' => $method,
        'path' => parse_url($target, PHP_URL_PATH),
        'query' => $query === null ? null : $query,
        'headers' => $headers,
        'body' => substr($buffer, $end + 4, $length),
    ];
}

/** @return array{status: int, body?: string, headers?: array<string, string>, delay_ms?: int} */
function nextAnswer(string $queueFile, string $defaultFile): array
{
    $queue = json_decode((string) @file_get_contents($queueFile), true) ?: [];
    $answer = array_shift($queue);
    file_put_contents($queueFile, json_encode($queue));
    return $answer ?? json_decode((string) file_get_contents($defaultFile), true);
}

/** @param array{status: int, body?: string, headers?: array<string, string>} $answer */
function response(array $answer): string
{
    $body = $answer['body'] ?? '';
    $text = 'HTTP/1.1 ' . $answer['status'] . " Scripted\r\n";
    foreach (($answer['headers'] ?? []) + ['Content-Type' => 'application/json'] as $name => $value) {
        $text .= $name . ': ' . $value . "\r\n";
    }
    return $text . 'Content-Length: ' . strlen($body) . "\r\nConnection: close\r\n\r\n" . $body;
}
