/**
 * Exact decimal amounts without floating point: Xaalis sends amounts as decimal text ("1500.00") and
 * takes them as text, so they are compared and written here digit by digit.
 */

/** An amount: decimal text such as `"1500"` or `"12.50"` (preferred, exact), a number or a bigint. */
export type Amount = string | number | bigint;

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

interface Decimal {
  negative: boolean;
  /** Significant digits without leading zeros ("" for zero). */
  digits: string;
  /** Value = digits × 10^-scale. */
  scale: number;
}

function decimal(value: Amount, name: string): Decimal {
  let text: string;
  if (typeof value === "bigint") {
    text = value.toString();
  } else if (typeof value === "number") {
    if (!Number.isFinite(value)) {
      throw new RangeError(name + " must be a finite number");
    }
    text = String(value);
  } else if (typeof value === "string") {
    text = value;
  } else {
    throw new TypeError(name + " must be decimal text, a number or a bigint");
  }
  const match = DECIMAL.exec(text);
  const whole = match?.[2] ?? "";
  const fraction = match?.[3] ?? "";
  if (!match || whole.length + fraction.length === 0) {
    throw new RangeError(name + " is not a decimal number: " + JSON.stringify(text));
  }
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 1000) {
    throw new RangeError(name + " has an exponent out of range");
  }
  const digits = (whole + fraction).replace(/^0+/, "");
  return { negative: match[1] === "-" && digits !== "", digits, scale: fraction.length - exponent };
}

/**
 * The amount as plain decimal text, keeping its decimals: `"1500"`, `"1500.00"`, `"0.5"`; exponents
 * are expanded (`1.5e3` → `"1500"`). This is what the client sends as `amount`.
 *
 * @throws RangeError when the text is not a decimal number
 */
export function plainAmount(value: Amount): string {
  const { negative, digits, scale } = decimal(value, "amount");
  let text: string;
  if (scale <= 0) {
    text = digits === "" ? "0" : digits + "0".repeat(-scale);
  } else {
    const padded = digits.padStart(scale + 1, "0");
    text = padded.slice(0, padded.length - scale) + "." + padded.slice(padded.length - scale);
  }
  return (negative ? "-" : "") + text;
}

/**
 * Whether two amounts are the same number, exactly: `sameAmount("1500.00", "1500")` and
 * `sameAmount("1500.00", 1500)` are true, `sameAmount("1500.01", "1500")` is false. Use it to compare a
 * notification's `data.amount` with the amount your order expects.
 *
 * @throws RangeError when either is not a decimal number
 */
export function sameAmount(a: Amount, b: Amount): boolean {
  return canonical(decimal(a, "a")) === canonical(decimal(b, "b"));
}

function canonical(d: Decimal): string {
  // Drop trailing zeros so equal numbers have one form: digits and scale.
  let digits = d.digits;
  let scale = d.scale;
  while (digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    scale--;
  }
  if (digits === "") {
    return "0";
  }
  return (d.negative ? "-" : "") + digits + "e" + -scale;
}
