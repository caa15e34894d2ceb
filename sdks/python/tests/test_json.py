"""The webhook verifier's JSON reader: the standard json module with the refusals every Xaalis library shares."""

import unittest
from decimal import Decimal

from xaalis._json import JsonError, parse


class StrictJsonTest(unittest.TestCase):
    def test_reads_every_kind_of_value(self):
        value = parse(' {"a":[true,false,null,-0.5e2,"\\"\\\\\\/\\b\\f\\n\\r\\t\\u00e9"],"b":{},"c":[]} ')
        self.assertEqual({"a": [True, False, None, Decimal("-0.5e2"), '"\\/\b\f\n\r\té'], "b": {}, "c": []}, value)

    def test_numbers_stay_exact(self):
        self.assertEqual([0, -0, 1500, Decimal("1500.00"), Decimal("1E+400")], parse("[0,-0,1500,1500.00,1e400]"))
        self.assertIsInstance(parse("1500"), int)
        self.assertEqual("1500.00", str(parse("1500.00")))
        self.assertEqual(Decimal("0.1"), parse("0.1"))
        # More digits than int() converts by default still parse, exactly.
        self.assertEqual(Decimal("9" * 5000), parse("9" * 5000))

    def test_fields_keep_document_order(self):
        self.assertEqual(["z", "a", "m"], list(parse('{"z":1,"a":2,"m":3}')))

    def test_surrogate_pairs_join_and_lone_halves_stay(self):
        self.assertEqual("\U0001f372", parse('"\\ud83c\\udf72"'))
        self.assertEqual("\U0001f372", parse('"\U0001f372"'))
        self.assertEqual("\ud83c!", parse('"\\ud83c!"'))

    def test_nesting_up_to_the_limit(self):
        self.assertEqual(1, len(parse("[" * 65 + "]" * 65)))
        with self.assertRaises(JsonError):
            parse("[" * 66 + "]" * 66)
        with self.assertRaises(JsonError):
            parse('{"a":' * 100000)

    def test_refuses_what_is_not_json(self):
        for bad in (
            "",
            " ",
            "{",
            '{"a":1,}',
            "[1,]",
            "[1 2]",
            "01",
            "1.",
            "1.e5",
            "1e",
            ".5",
            "+1",
            "-",
            "NaN",
            "Infinity",
            "-Infinity",
            '"\u0001"',
            '"\n"',
            '{"a":1}x',
            "tru",
            "nul",
            "True",
            '{"a":1,"a":2}',
            '"\\x"',
            '"\\u12"',
            '"\\u+123"',
            '"\\u-123"',
            '"\\u12g4"',
            '"abc',
            '"abc\\',
            "{'a':1}",
            "{a:1}",
            '{"a" 1}',
            "\ufeff{}",
            "\u00a0{}",
            "[" * 100 + "]" * 100,
        ):
            with self.subTest(text=bad):
                with self.assertRaises(JsonError):
                    parse(bad)

    def test_errors_say_where(self):
        with self.assertRaises(JsonError) as caught:
            parse('{"a":tru}')
        self.assertIn("offset 5", str(caught.exception))
        self.assertIsInstance(caught.exception, ValueError)


if __name__ == "__main__":
    unittest.main()
