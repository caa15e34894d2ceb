<?php

declare(strict_types=1);

namespace Xaalis\Internal;

/**
 * json_decode(), held to what every Xaalis library accepts in a webhook body: a field that appears
 * twice (json_decode keeps the last), more than 65 nested objects or arrays, and a number the Java
 * library's BigDecimal cannot hold (json_decode reads it as 0 or INF) are refused. Objects come back as
 * {@see \stdClass} (so `{}` and `[]` stay apart) until {@see self::toPhp()} turns them into arrays.
 *
 * @internal
 */
final class StrictJson
{
    private const MAX_DEPTH = 65;

    /**
     * Every string of a text json_decode() accepted, with whether a ':' follows it (a field name), and
     * every number with an exponent: fraction digits, exponent.
     */
    private const TOKENS = '/"(?:[^"\\\\]|\\\\.)*+"(\s*:)?|-?[0-9]+(?:\.([0-9]+))?[eE]([-+]?[0-9]+)/s';

    /**
     * Reads one JSON value that fills the whole text (UTF-8).
     *
     * @throws \InvalidArgumentException when the text is not exactly one JSON value
     */
    public static function parse(string $text): mixed
    {
        $value = self::decode($text, true);
        preg_match_all(self::TOKENS, $text, $tokens, PREG_SET_ORDER);
        $names = 0;
        foreach ($tokens as $token) {
            if (isset($token[3])) {
                self::checkExponent(strlen($token[2]), $token[3]);
            } elseif (isset($token[1])) {
                $names++;
            }
        }
        if ($names !== self::fieldCount($value)) {
            throw self::error('duplicate field');
        }
        return $value;
    }

    /** Turns the objects of a parsed value into associative arrays, recursively. */
    public static function toPhp(mixed $value): mixed
    {
        if ($value instanceof \stdClass) {
            $value = get_object_vars($value);
        }
        if (is_array($value)) {
            foreach ($value as $key => $item) {
                $value[$key] = self::toPhp($item);
            }
        }
        return $value;
    }

    private static function decode(string $text, bool $firstTry): mixed
    {
        try {
            return json_decode($text, false, self::MAX_DEPTH + 1, JSON_THROW_ON_ERROR);
        } catch (\JsonException $e) {
            if ($e->getCode() !== JSON_ERROR_UTF16 || !$firstTry) {
                throw self::error($e->getMessage());
            }
        }
        // A lone surrogate (\ud83c) has no UTF-8 form: it reads as U+FFFD, the replacement character.
        return self::decode((string) preg_replace_callback(
            '/\\\\(?:u[dD][89abAB][0-9a-fA-F]{2}\\\\u[dD][c-fC-F][0-9a-fA-F]{2}|u[dD][89a-fA-F][0-9a-fA-F]{2}|.)/s',
            static fn (array $escape): string => strlen($escape[0]) === 6 ? '\ufffd' : $escape[0],
            $text,
        ), false);
    }

    /** The Java library's BigDecimal limits: exponent and scale (fraction digits minus exponent) within 32 bits. */
    private static function checkExponent(int $fractionDigits, string $exponent): void
    {
        $digits = ltrim($exponent, '+-0');
        $power = strlen($digits) > 10 ? PHP_INT_MAX : (int) $digits;
        $power = $exponent[0] === '-' ? -$power : $power;
        $scale = $fractionDigits - $power;
        if ($power > 2147483647 || $power < -2147483648 || $scale > 2147483647 || $scale < -2147483648) {
            throw self::error('number out of range');
        }
    }

    private static function fieldCount(mixed $value): int
    {
        $count = 0;
        if ($value instanceof \stdClass) {
            $value = get_object_vars($value);
            $count = count($value);
        }
        if (is_array($value)) {
            foreach ($value as $item) {
                $count += self::fieldCount($item);
            }
        }
        return $count;
    }

    private static function error(string $what): \InvalidArgumentException
    {
        return new \InvalidArgumentException('Invalid JSON: ' . $what);
    }
}
