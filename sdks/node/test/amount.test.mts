import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { plainAmount, sameAmount } from "@xaalis/sdk";

describe("amounts", () => {
  test("plainAmount keeps the decimals and expands exponents", () => {
    const cases: Array<[string | number | bigint, string]> = [
      ["1500", "1500"],
      ["1500.00", "1500.00"],
      ["+5", "5"],
      [".5", "0.5"],
      ["1.", "1"],
      ["-0", "0"],
      ["-1.25", "-1.25"],
      ["1.5e3", "1500"],
      ["1.50e1", "15.0"],
      ["1E-3", "0.001"],
      ["00012.3400", "12.3400"],
      [1500, "1500"],
      [0.1, "0.1"],
      [1e21, "1000000000000000000000"],
      [1.5e-7, "0.00000015"],
      [12345678901234567890n, "12345678901234567890"],
    ];
    for (const [input, expected] of cases) {
      assert.equal(plainAmount(input), expected, String(input));
    }
  });

  test("plainAmount refuses what is not a decimal number", () => {
    for (const bad of ["", ".", "abc", "1,5", " 1", "1 ", "0x10", "1e", "1e99999", "--1", "Infinity"]) {
      assert.throws(() => plainAmount(bad), RangeError, JSON.stringify(bad));
    }
    assert.throws(() => plainAmount(Number.POSITIVE_INFINITY), RangeError);
    assert.throws(() => plainAmount(null as never), TypeError);
  });

  test("sameAmount compares exactly", () => {
    assert.ok(sameAmount("1500.00", "1500"));
    assert.ok(sameAmount("1500.00", 1500));
    assert.ok(sameAmount("0.10", 0.1));
    assert.ok(sameAmount("0", "-0.00"));
    assert.ok(sameAmount("1.5e3", 1500n));
    assert.ok(!sameAmount("1500.01", "1500"));
    assert.ok(!sameAmount("15.00", "1500"));
    assert.ok(!sameAmount("-1500", "1500"));
    assert.ok(!sameAmount("9007199254740993", 9007199254740992));
    assert.throws(() => sameAmount("x", "1"), RangeError);
  });
});
