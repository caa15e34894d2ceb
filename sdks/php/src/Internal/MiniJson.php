<?php

declare(strict_types=1);

namespace Xaalis\Internal;

/**
 * A small strict JSON reader (RFC 8259) for the webhook verifier, the same as the Java SDK's: a field
 * that appears twice, a trailing comma, a leading zero, a control character in a string or more than
 * 64 levels of nesting are refused. Objects come back as {@see \ArrayObject} (so `{}` and `[]` stay
 * apart) until {@see self::toPhp()} turns them into associative arrays.
 *
 * @internal
 */
final class MiniJson
{
    private const MAX_DEPTH = 64;

    private int $pos = 0;
    private readonly int $length;

    private function __construct(private readonly string $text)
    {
        $this->length = strlen($text);
    }

    /**
     * Reads one JSON value that fills the whole text (UTF-8).
     *
     * @throws \InvalidArgumentException when the text is not exactly one JSON value
     */
    public static function parse(string $text): mixed
    {
        $reader = new self($text);
        $reader->skipSpace();
        $value = $reader->value(0);
        $reader->skipSpace();
        if ($reader->pos !== $reader->length) {
            throw $reader->error('unexpected text after the value');
        }
        return $value;
    }

    /** Turns the objects of a parsed value into associative arrays, recursively. */
    public static function toPhp(mixed $value): mixed
    {
        if ($value instanceof \ArrayObject) {
            $value = $value->getArrayCopy();
        }
        if (is_array($value)) {
            foreach ($value as $key => $item) {
                $value[$key] = self::toPhp($item);
            }
        }
        return $value;
    }

    private function value(int $depth): mixed
    {
        if ($depth > self::MAX_DEPTH) {
            throw $this->error('nested too deeply');
        }
        if ($this->pos >= $this->length) {
            throw $this->error('unexpected end');
        }
        $c = $this->text[$this->pos];
        if ($c === '{') {
            return $this->object($depth);
        }
        if ($c === '[') {
            return $this->array($depth);
        }
        if ($c === '"') {
            return $this->string();
        }
        if ($c === '-' || self::isDigit($c)) {
            return $this->number();
        }
        foreach (['true' => true, 'false' => false, 'null' => null] as $word => $literal) {
            if (substr_compare($this->text, $word, $this->pos, strlen($word)) === 0) {
                $this->pos += strlen($word);
                return $literal;
            }
        }
        throw $this->error('unexpected character');
    }

    private function object(int $depth): \ArrayObject
    {
        $map = [];
        $this->pos++;
        $this->skipSpace();
        if ($this->peek() === '}') {
            $this->pos++;
            return new \ArrayObject($map);
        }
        while (true) {
            $this->skipSpace();
            if ($this->peek() !== '"') {
                throw $this->error('expected a field name');
            }
            $key = $this->string();
            $this->skipSpace();
            $this->expect(':');
            $this->skipSpace();
            $value = $this->value($depth + 1);
            if (array_key_exists($key, $map)) {
                throw $this->error('duplicate field');
            }
            $map[$key] = $value;
            $this->skipSpace();
            if ($this->peek() === ',') {
                $this->pos++;
                continue;
            }
            $this->expect('}');
            return new \ArrayObject($map);
        }
    }

    /** @return list<mixed> */
    private function array(int $depth): array
    {
        $list = [];
        $this->pos++;
        $this->skipSpace();
        if ($this->peek() === ']') {
            $this->pos++;
            return $list;
        }
        while (true) {
            $this->skipSpace();
            $list[] = $this->value($depth + 1);
            $this->skipSpace();
            if ($this->peek() === ',') {
                $this->pos++;
                continue;
            }
            $this->expect(']');
            return $list;
        }
    }

    private function string(): string
    {
        $this->pos++;
        $out = '';
        while ($this->pos < $this->length) {
            // Everything up to the next quote, backslash or control character is copied as is.
            $run = strcspn($this->text, "\"\\\x00\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0A\x0B\x0C\x0D\x0E\x0F"
                . "\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1A\x1B\x1C\x1D\x1E\x1F", $this->pos);
            $out .= substr($this->text, $this->pos, $run);
            $this->pos += $run;
            if ($this->pos >= $this->length) {
                break;
            }
            $c = $this->text[$this->pos++];
            if ($c === '"') {
                return $out;
            }
            if ($c !== '\\') {
                throw $this->error('control character in a string');
            }
            if ($this->pos >= $this->length) {
                break;
            }
            $e = $this->text[$this->pos++];
            $out .= match ($e) {
                '"', '\\', '/' => $e,
                'b' => "\x08",
                'f' => "\x0C",
                'n' => "\n",
                'r' => "\r",
                't' => "\t",
                'u' => $this->unicodeEscape(),
                default => throw $this->error('bad escape'),
            };
        }
        throw $this->error('unterminated string');
    }

    /** The character of a \uXXXX escape (the pos is after the u), joining a surrogate pair into one. */
    private function unicodeEscape(): string
    {
        $unit = $this->hex4();
        if ($unit >= 0xD800 && $unit <= 0xDBFF
            && substr_compare($this->text, '\\u', $this->pos, 2) === 0) {
            $save = $this->pos;
            $this->pos += 2;
            $low = $this->hex4();
            if ($low >= 0xDC00 && $low <= 0xDFFF) {
                return self::utf8(0x10000 + (($unit - 0xD800) << 10) + ($low - 0xDC00));
            }
            $this->pos = $save;
        }
        if ($unit >= 0xD800 && $unit <= 0xDFFF) {
            // A lone surrogate has no UTF-8 form: it reads as U+FFFD, the replacement character.
            return "\u{FFFD}";
        }
        return self::utf8($unit);
    }

    private function hex4(): int
    {
        $digits = substr($this->text, $this->pos, 4);
        if (strlen($digits) !== 4 || strspn($digits, '0123456789abcdefABCDEF') !== 4) {
            throw $this->error('bad unicode escape');
        }
        $this->pos += 4;
        return (int) hexdec($digits);
    }

    private static function utf8(int $code): string
    {
        if ($code < 0x80) {
            return chr($code);
        }
        if ($code < 0x800) {
            return chr(0xC0 | ($code >> 6)) . chr(0x80 | ($code & 0x3F));
        }
        if ($code < 0x10000) {
            return chr(0xE0 | ($code >> 12)) . chr(0x80 | (($code >> 6) & 0x3F)) . chr(0x80 | ($code & 0x3F));
        }
        return chr(0xF0 | ($code >> 18)) . chr(0x80 | (($code >> 12) & 0x3F))
            . chr(0x80 | (($code >> 6) & 0x3F)) . chr(0x80 | ($code & 0x3F));
    }

    /** An int when the number is a whole number that fits, else a float. */
    private function number(): int|float
    {
        $start = $this->pos;
        if ($this->peek() === '-') {
            $this->pos++;
        }
        if ($this->peek() === '0') {
            $this->pos++;
        } elseif (self::isDigit($this->peek())) {
            $this->digits();
        } else {
            throw $this->error('bad number');
        }
        $fractionDigits = 0;
        if ($this->peek() === '.') {
            $this->pos++;
            if (!self::isDigit($this->peek())) {
                throw $this->error('bad number');
            }
            $fractionDigits = $this->digits();
        }
        $exponent = null;
        if ($this->peek() === 'e' || $this->peek() === 'E') {
            $this->pos++;
            $negative = $this->peek() === '-';
            if ($negative || $this->peek() === '+') {
                $this->pos++;
            }
            if (!self::isDigit($this->peek())) {
                throw $this->error('bad number');
            }
            $digitsStart = $this->pos;
            $this->digits();
            $exponent = ltrim(substr($this->text, $digitsStart, $this->pos - $digitsStart), '0');
            // The limits of the Java SDK's BigDecimal: at most 10 exponent digits, an exponent and a scale
            // (fraction digits minus exponent) within 32 bits.
            if (strlen($exponent) > 10) {
                throw $this->error('number out of range');
            }
            $power = ($negative ? -1 : 1) * (int) $exponent;
            $scale = $fractionDigits - $power;
            if ($power > 2147483647 || $power < -2147483648 || $scale > 2147483647 || $scale < -2147483648) {
                throw $this->error('number out of range');
            }
        }
        $literal = substr($this->text, $start, $this->pos - $start);
        if ($fractionDigits === 0 && $exponent === null) {
            $whole = (int) $literal;
            if ((string) $whole === $literal) {
                return $whole;
            }
        }
        return (float) $literal;
    }

    /** Skips digits and says how many. */
    private function digits(): int
    {
        $count = strspn($this->text, '0123456789', $this->pos);
        $this->pos += $count;
        return $count;
    }

    private static function isDigit(string $c): bool
    {
        return strlen($c) === 1 && strspn($c, '0123456789') === 1;
    }

    private function peek(): string
    {
        return $this->pos < $this->length ? $this->text[$this->pos] : "\0";
    }

    private function expect(string $c): void
    {
        if ($this->peek() !== $c) {
            throw $this->error("expected '" . $c . "'");
        }
        $this->pos++;
    }

    private function skipSpace(): void
    {
        $this->pos += strspn($this->text, " \t\n\r", $this->pos);
    }

    private function error(string $what): \InvalidArgumentException
    {
        return new \InvalidArgumentException('Invalid JSON at offset ' . $this->pos . ': ' . $what);
    }
}
