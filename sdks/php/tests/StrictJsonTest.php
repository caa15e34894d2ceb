<?php

declare(strict_types=1);

namespace Xaalis\Tests;

use PHPUnit\Framework\TestCase;
use Xaalis\Internal\StrictJson;

final class StrictJsonTest extends TestCase
{
    public function testReadsEveryKindOfValue(): void
    {
        $value = StrictJson::toPhp(StrictJson::parse(
            ' {"a":[true,false,null,-0.5e2,"\"\\\\\/\b\f\n\r\t\u00e9\ud83c\udf72"],"b":{},"c":[],"d":12,"e":-7,'
            . '"f":123456789012345678901234567890,"g":1E+2,"h":"Thiéboudienne"} ',
        ));
        self::assertSame([
            'a' => [true, false, null, -50.0, "\"\\/\x08\x0C\n\r\té🍲"],
            'b' => [],
            'c' => [],
            'd' => 12,
            'e' => -7,
            'f' => 1.2345678901234568E+29,
            'g' => 100.0,
            'h' => 'Thiéboudienne',
        ], $value);
    }

    public function testKeepsObjectsApartFromArraysUntilConverted(): void
    {
        self::assertInstanceOf(\stdClass::class, StrictJson::parse('{}'));
        self::assertSame([], StrictJson::parse('[]'));
        self::assertInstanceOf(\stdClass::class, StrictJson::parse('[{"a":{}}]')[0]->a);
    }

    public function testALoneSurrogateBecomesTheReplacementCharacter(): void
    {
        self::assertSame("\u{FFFD}x", StrictJson::parse('"\ud83cx"'));
        self::assertSame("\u{FFFD}\u{FFFD}", StrictJson::parse('"\udf72\ud83c"'));
        self::assertSame("\u{FFFD}A", StrictJson::parse('"\ud83c\u0041"'));
    }

    public function testNestingUpTo64LevelsIsRead(): void
    {
        self::assertIsArray(StrictJson::parse(str_repeat('[', 65) . str_repeat(']', 65)));
    }

    public function testRefusesWhatIsNotJson(): void
    {
        foreach ([
            '',
            ' ',
            '{',
            '{"a":1,}',
            '[1,]',
            '01',
            '1.',
            '-',
            '.5',
            '+1',
            '1e',
            "\"\x01\"",
            '{"a":1}x',
            'tru',
            'nul',
            'True',
            '{"a":1,"a":2}',
            '{a:1}',
            "{'a':1}",
            '"\x"',
            '"\u12"',
            '"\u12g4"',
            '"abc',
            '"\\',
            '[1 2]',
            '{"a" 1}',
            str_repeat('[', 66) . str_repeat(']', 66),
            str_repeat('[', 100) . str_repeat(']', 100),
        ] as $bad) {
            try {
                StrictJson::parse($bad);
                self::fail('accepted ' . $bad);
            } catch (\InvalidArgumentException $e) {
                self::assertStringStartsWith('Invalid JSON', $e->getMessage());
            }
        }
    }

    public function testTheJavaSdksNumberLimits(): void
    {
        // BigDecimal reads these; its scale (fraction digits minus exponent) must fit in 32 bits.
        self::assertSame(INF, StrictJson::parse('1e2147483647'));
        self::assertSame(0.0, StrictJson::parse('1e-2147483647'));
        self::assertSame(0.0, StrictJson::parse('0e0000000000000000001'));
        self::assertSame(INF, StrictJson::parse('1e00000000002147483647'));
        foreach (['1e-2147483648', '1e2147483649', '0.5e-2147483648', '1e-2147483649', '1.5e2147483648',
            '1e9999999999', '1e99999999999'] as $bad) {
            try {
                StrictJson::parse($bad);
                self::fail('accepted ' . $bad);
            } catch (\InvalidArgumentException $e) {
                self::assertStringContainsString('out of range', $e->getMessage());
            }
        }
    }
}
