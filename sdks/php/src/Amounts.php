<?php

declare(strict_types=1);

namespace Xaalis;

/**
 * Amounts travel as exact decimal text, never as floats.
 *
 * @internal
 */
final class Amounts
{
    private function __construct()
    {
    }

    /** @throws \InvalidArgumentException when the value is not a plain decimal number */
    public static function text(string|int $amount): string
    {
        $text = is_int($amount) ? (string) $amount : trim($amount);
        if (preg_match('/^-?[0-9]+(\.[0-9]+)?$/D', $text) !== 1) {
            throw new \InvalidArgumentException('An amount is decimal text such as "1500" or "1500.50"');
        }
        return $text;
    }
}
