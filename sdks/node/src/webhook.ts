import { createHmac, timingSafeEqual } from "node:crypto";
import { payout, settlement, type Payout, type Settlement } from "./client.js";
import { parseJson, type JsonValue } from "./json.js";

/** The header Xaalis signs notifications with (Node gives it as `req.headers["x-svc-signature"]`). */
export const SIGNATURE_HEADER = "X-SVC-Signature";

/** The replay window of the specification: 300 seconds either way. */
export const DEFAULT_TOLERANCE_SECONDS = 300;

const MAX_HEADER_LENGTH = 8192;

/** What failed, in the order the checks run. */
export const WebhookVerificationReason = {
  /** No `X-SVC-Signature` header (or a blank one). */
  MISSING_HEADER: "MISSING_HEADER",
  /** The header has no `t`, no `v1`, two `t`, a `t` that is not a number, or a part that is not `key=value`. */
  MALFORMED_HEADER: "MALFORMED_HEADER",
  /** `t` is more than the tolerance away from now, in the past or in the future. */
  STALE_TIMESTAMP: "STALE_TIMESTAMP",
  /** No `v1` matches the body signed with any of the verifier's secrets. */
  NO_MATCHING_SIGNATURE: "NO_MATCHING_SIGNATURE",
  /** The signature is valid but the body is not a notification (not UTF-8, not JSON, or fields missing). */
  INVALID_BODY: "INVALID_BODY",
} as const;

export type WebhookVerificationReason = (typeof WebhookVerificationReason)[keyof typeof WebhookVerificationReason];

/**
 * A notification that must be refused: answer it with HTTP 401. `reason` says precisely what failed;
 * the message never contains a secret or an expected signature.
 */
export class WebhookVerificationError extends Error {
  readonly reason: WebhookVerificationReason;

  constructor(reason: WebhookVerificationReason, message: string) {
    super(message);
    this.name = "WebhookVerificationError";
    this.reason = reason;
  }
}

/** A JSON object as the verifier returns it (frozen). */
export type JsonObject = { readonly [field: string]: JsonValue };
export type { JsonValue };

/**
 * A verified notification: a payment's (`transaction.*`, `data` the payment), a payout's (`payout.*`, `data` the
 * payout) or a settlement's (`settlement.*`, `data` the settlement).
 */
export class WebhookEvent {
  /** `<reference>:<STATUS>`, identical on every delivery of the same notification: deduplicate on it. */
  readonly id: string;
  /**
   * `transaction.success`, `transaction.failed`, `transaction.cancelled`, `transaction.expired` or
   * `transaction.refunded` for a payment; `payout.success`, `payout.failed` or `payout.reversed` for a payout;
   * `settlement.paid` or `settlement.failed` for a settlement.
   */
  readonly event: string;
  /** `sandbox` or `live` (null if absent). */
  readonly environment: string | null;
  /** When the notification was created, ISO 8601 UTC (null if absent). */
  readonly createdAt: string | null;
  /**
   * The payment's or the payout's fields: `amount` is decimal text such as `"1500.00"` (compare it with `sameAmount`);
   * objects and arrays are frozen; JSON numbers are JS numbers.
   */
  readonly data: JsonObject;
  /** The body exactly as received, as text. */
  readonly rawBody: string;

  constructor(id: string, event: string, environment: string | null, createdAt: string | null, data: JsonObject, rawBody: string) {
    this.id = id;
    this.event = event;
    this.environment = environment;
    this.createdAt = createdAt;
    this.data = data;
    this.rawBody = rawBody;
    Object.freeze(this);
  }

  /** A top-level field of `data` as text, or null when absent or not a string. */
  dataString(field: string): string | null {
    const value = Object.prototype.hasOwnProperty.call(this.data, field) ? this.data[field] : undefined;
    return typeof value === "string" ? value : null;
  }

  /** The payment's or the payout's reference, from `data.reference`. */
  get reference(): string | null {
    return this.dataString("reference");
  }

  /** The status the payment or the payout moved to, from `data.status`. */
  get status(): string | null {
    return this.dataString("status");
  }

  /** The payout of a `payout.*` notification, read from `data`; null for a payment's notification. */
  get payout(): Payout | null {
    return this.event.startsWith("payout.") ? payout(this.data as Parameters<typeof payout>[0]) : null;
  }

  /** The settlement of a `settlement.*` notification, read from `data`; null for any other. */
  get settlement(): Settlement | null {
    return this.event.startsWith("settlement.") ? settlement(this.data as Parameters<typeof settlement>[0]) : null;
  }

  /** The merchant's metadata object sent at initiation, or an empty object. */
  get metadata(): JsonObject {
    const value = Object.prototype.hasOwnProperty.call(this.data, "metadata") ? this.data["metadata"] : undefined;
    return isObject(value) ? value : EMPTY;
  }
}

const EMPTY: JsonObject = Object.freeze({});

/** Options of a {@link WebhookVerifier}. */
export interface WebhookVerifierOptions {
  /** How far `t` may be from now, in seconds, in either direction; default 300. */
  tolerance?: number;
  /** The current time, as epoch milliseconds or a Date; default `Date.now` (inject a fixed one in tests). */
  now?: () => number | Date;
}

/** A request body as received: the raw bytes (a Buffer is a Uint8Array) or the exact text. */
export type RawBody = Uint8Array | string;

/**
 * Verifies the `X-SVC-Signature` of a Xaalis notification over the raw request body: read the body as
 * bytes (or the exact text) before any JSON parsing, and never verify a re-serialized object.
 * Create one per application and reuse it.
 *
 * ```ts
 * const verifier = new WebhookVerifier(process.env.XAALIS_API_SECRET!);
 * try {
 *   const event = verifier.verify(rawBody, req.headers["x-svc-signature"]);
 *   // deduplicate on event.id, compare event.dataString("amount") with the order, then answer 200
 * } catch (e) {
 *   if (e instanceof WebhookVerificationError) { // answer 401; e.reason says what failed
 *   } else throw e;
 * }
 * ```
 *
 * During a key rotation Xaalis signs with every active secret (`t=…,v1=<new>,v1=<old>`); a verifier
 * holding either secret accepts the notification.
 */
export class WebhookVerifier {
  /** The header Xaalis signs notifications with (Node gives it as `req.headers["x-svc-signature"]`). */
  static readonly SIGNATURE_HEADER = SIGNATURE_HEADER;

  /** How far a signature's time may be from now, by default, in seconds (as the module's constant). */
  static readonly DEFAULT_TOLERANCE = DEFAULT_TOLERANCE_SECONDS;

  readonly #secrets: readonly Buffer[];
  readonly #toleranceSeconds: number;
  readonly #now: () => number | Date;

  /**
   * @param secrets your application's `sk_test_…` or `sk_live_…` secret; pass both old and new during
   *     your own rotation
   * @throws TypeError without a secret or with an empty one; RangeError for a negative tolerance
   */
  constructor(secrets: string | readonly string[], options: WebhookVerifierOptions = {}) {
    const list: readonly unknown[] = typeof secrets === "string" ? [secrets] : Array.isArray(secrets) ? secrets : [];
    if (list.length === 0) {
      throw new TypeError("at least one secret is needed");
    }
    this.#secrets = Object.freeze(
      list.map((secret) => {
        if (typeof secret !== "string" || secret.length === 0) {
          throw new TypeError("a secret must be a non-empty string");
        }
        return Buffer.from(secret, "utf8");
      }),
    );
    const tolerance = options.tolerance ?? DEFAULT_TOLERANCE_SECONDS;
    if (typeof tolerance !== "number" || Number.isNaN(tolerance) || tolerance < 0) {
      throw new RangeError("tolerance must be a number of seconds, not negative");
    }
    this.#toleranceSeconds = tolerance;
    const now = options.now ?? Date.now;
    if (typeof now !== "function") {
      throw new TypeError("now must be a function");
    }
    this.#now = now;
  }

  /**
   * Verifies a notification and returns it parsed.
   *
   * @param rawBody the request body exactly as received: a Buffer / Uint8Array, or its UTF-8 text
   * @param signatureHeader the value of `X-SVC-Signature`, or null/undefined when the request had none
   * @throws WebhookVerificationError when the notification must be refused (answer 401)
   * @throws TypeError when `rawBody` is not bytes or text (a parsed object cannot be verified)
   */
  verify(rawBody: RawBody, signatureHeader: string | readonly string[] | null | undefined): WebhookEvent {
    const body = bytes(rawBody);
    const signature = parseHeader(signatureHeader);
    const nowMs = toMillis(this.#now());
    const now = BigInt(Math.floor(nowMs / 1000));
    const distance = now > signature.timestamp ? now - signature.timestamp : signature.timestamp - now;
    if (Number(distance) > this.#toleranceSeconds) {
      throw new WebhookVerificationError(
        WebhookVerificationReason.STALE_TIMESTAMP,
        "The signature timestamp is more than " + this.#toleranceSeconds + " s away from now",
      );
    }
    let matched = false;
    for (const secret of this.#secrets) {
      const expected = Buffer.from(hmacHex(secret, signature.timestamp, body), "ascii");
      for (const candidate of signature.v1) {
        // Every pair is compared in full (no early exit that would time which one matched); a length
        // never equal to the expected one's cannot match and reveals nothing secret.
        const equal = candidate.length === expected.length && timingSafeEqual(expected, candidate);
        matched = equal || matched;
      }
    }
    if (!matched) {
      throw new WebhookVerificationError(
        WebhookVerificationReason.NO_MATCHING_SIGNATURE,
        "No v1 signature matches the body signed with the configured secret",
      );
    }
    return event(body);
  }

  /**
   * Signs `rawBody` as Xaalis does, for producing test notifications in your own tests. The arguments
   * come in the same order in every Xaalis library: body, timestamp, then one or more secrets.
   *
   * ```ts
   * const header = WebhookVerifier.sign(body, new Date(), "sk_test_…");
   * ```
   *
   * @param timestamp Unix seconds (an integer) or a Date, such as `new Date()`
   * @param secrets one or more secrets; one `v1` is written per secret, as during a rotation
   * @returns an `X-SVC-Signature` value: `t=<unixSeconds>,v1=<hex>` with one `v1` per secret
   */
  static sign(rawBody: RawBody, timestamp: number | Date, ...secrets: string[]): string {
    const body = bytes(rawBody);
    const list: readonly unknown[] = secrets;
    if (list.length === 0) {
      throw new TypeError("at least one secret is needed");
    }
    let seconds: number;
    if (timestamp instanceof Date) {
      seconds = Math.floor(toMillis(timestamp) / 1000);
    } else if (Number.isSafeInteger(timestamp)) {
      seconds = timestamp;
    } else {
      throw new TypeError("timestamp must be whole Unix seconds or a Date");
    }
    let header = "t=" + seconds;
    for (const secret of list) {
      if (typeof secret !== "string" || secret.length === 0) {
        throw new TypeError("a secret must be a non-empty string");
      }
      header += ",v1=" + hmacHex(Buffer.from(secret, "utf8"), BigInt(seconds), body);
    }
    return header;
  }

  /** The configuration without the secrets, which stay out of logs. */
  toString(): string {
    return "WebhookVerifier[" + this.#secrets.length + " secret(s), tolerance " + this.#toleranceSeconds + " s]";
  }

  toJSON(): string {
    return this.toString();
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return this.toString();
  }
}

interface Signature {
  timestamp: bigint;
  v1: Buffer[];
}

function parseHeader(value: string | readonly string[] | null | undefined): Signature {
  // Node joins repeated unknown headers with ", "; an array is read the same way.
  const header = Array.isArray(value) ? value.join(", ") : value;
  if (header === null || header === undefined || (typeof header === "string" && isBlank(header))) {
    throw new WebhookVerificationError(WebhookVerificationReason.MISSING_HEADER, "The " + SIGNATURE_HEADER + " header is missing");
  }
  if (typeof header !== "string") {
    throw new TypeError("the signature header must be a string");
  }
  if (header.length > MAX_HEADER_LENGTH) {
    throw malformed("the header is too long");
  }
  let timestamp: bigint | null = null;
  const v1: Buffer[] = [];
  for (const part of header.split(",")) {
    const item = strip(part);
    const eq = item.indexOf("=");
    if (eq <= 0) {
      throw malformed("every part must be key=value");
    }
    const key = item.slice(0, eq);
    const text = item.slice(eq + 1);
    if (key === "t") {
      if (timestamp !== null) {
        throw malformed("t appears twice");
      }
      if (!/^[0-9]{1,18}$/.test(text)) {
        throw malformed("t must be a number of seconds");
      }
      timestamp = BigInt(text);
    } else if (key === "v1") {
      if (text.length === 0) {
        throw malformed("v1 is empty");
      }
      // Anything outside ASCII turns into bytes no lower-case hex digit equals.
      v1.push(Buffer.from(text, "utf8"));
    }
    // Other keys (future schemes) are ignored, as the version label in the header intends.
  }
  if (timestamp === null) {
    throw malformed("t is missing");
  }
  if (v1.length === 0) {
    throw malformed("v1 is missing");
  }
  return { timestamp, v1 };
}

function malformed(why: string): WebhookVerificationError {
  return new WebhookVerificationError(WebhookVerificationReason.MALFORMED_HEADER, "Malformed " + SIGNATURE_HEADER + ": " + why);
}

function invalid(why: string): WebhookVerificationError {
  return new WebhookVerificationError(WebhookVerificationReason.INVALID_BODY, "The body is not a notification: " + why);
}

const UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

function event(body: Uint8Array): WebhookEvent {
  let text: string;
  try {
    text = UTF8.decode(body);
  } catch {
    throw invalid("the body is not UTF-8");
  }
  let root: JsonValue;
  try {
    root = parseJson(text);
  } catch (e) {
    throw invalid(e instanceof Error ? e.message : "invalid JSON");
  }
  if (!isObject(root)) {
    throw invalid("the body is not a JSON object");
  }
  const id = own(root, "id");
  const name = own(root, "event");
  const environment = own(root, "environment");
  const createdAt = own(root, "created_at");
  const data = own(root, "data");
  if (typeof id !== "string" || typeof name !== "string" || !isObject(data)) {
    throw invalid("id, event and data are required");
  }
  return new WebhookEvent(
    id,
    name,
    typeof environment === "string" ? environment : null,
    typeof createdAt === "string" ? createdAt : null,
    data,
    text,
  );
}

function own(object: JsonObject, field: string): JsonValue | undefined {
  return Object.prototype.hasOwnProperty.call(object, field) ? object[field] : undefined;
}

function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function bytes(rawBody: RawBody): Uint8Array {
  if (typeof rawBody === "string") {
    return Buffer.from(rawBody, "utf8");
  }
  if (rawBody instanceof Uint8Array) {
    return rawBody;
  }
  throw new TypeError(
    "rawBody must be the request body as received (a Buffer, Uint8Array or string), not a parsed object: " +
      "read the raw body before any JSON parsing",
  );
}

function hmacHex(secret: Buffer, timestamp: bigint, body: Uint8Array): string {
  return createHmac("sha256", secret).update(timestamp.toString() + ".", "ascii").update(body).digest("hex");
}

function toMillis(value: number | Date): number {
  const ms = value instanceof Date ? value.getTime() : value;
  if (typeof ms !== "number" || !Number.isFinite(ms)) {
    throw new TypeError("the clock must give epoch milliseconds or a valid Date");
  }
  return ms;
}

// Java's Character.isWhitespace, which the reference verifier uses to trim header parts and to decide
// that a header is blank: the same header is read the same way in every language.
function isWhitespace(code: number): boolean {
  return (
    (code >= 0x09 && code <= 0x0d) ||
    (code >= 0x1c && code <= 0x20) ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x2006) ||
    (code >= 0x2008 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x205f ||
    code === 0x3000
  );
}

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (!isWhitespace(text.charCodeAt(i))) {
      return false;
    }
  }
  return true;
}

function strip(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && isWhitespace(text.charCodeAt(start))) {
    start++;
  }
  while (end > start && isWhitespace(text.charCodeAt(end - 1))) {
    end--;
  }
  return text.slice(start, end);
}
