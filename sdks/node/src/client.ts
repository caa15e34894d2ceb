import { randomInt, randomUUID } from "node:crypto";
import { plainAmount, type Amount } from "./amount.js";

const USER_AGENT = "xaalis-node/0.1";

/** What to collect. Only `provider` and `amount` are required. */
export interface PaymentRequest {
  /** `WALLET_SN` or `MOBILEMONEY_SN`. */
  provider: string;
  /**
   * At least 0.01, at most two decimals; whole numbers only for `MOBILEMONEY_SN`. Decimal text such as
   * `"1500"` is exact and preferred; it is always sent as text.
   */
  amount: Amount;
  /** Unset means `XOF`. */
  currency?: string;
  /** A label for you (at most 500 characters), shown in the portal. */
  description?: string;
  /** In international format: `+` then digits. */
  customerPhone?: string;
  /** The customer's name (at most 100 characters). */
  customerName?: string;
  /** Any JSON-serializable object; use it to link the payment to your order (`{ order_id: "o-42" }`). */
  metadata?: Record<string, unknown>;
  /** Where the customer goes after paying; unset means the application's `callback_url_success`. */
  successUrl?: string;
  /** Where the customer goes after a failure; unset means the application's `callback_url_failure`. */
  errorUrl?: string;
}

/** A payment as the API returns it. */
export interface Payment {
  readonly transactionUuid: string | null;
  /** `SVC-` and 8 characters: the payment's identifier in every other call. */
  readonly reference: string | null;
  readonly provider: string | null;
  /** `sandbox` or `live`. */
  readonly environment: string | null;
  /** Exact decimal text with two decimals, as sent by the API (`"1500.00"`); compare with `sameAmount`. */
  readonly amount: string | null;
  readonly currency: string | null;
  /** `PROCESSING`, `SUCCESS`, `FAILED`, `CANCELLED`, `EXPIRED` or `REFUNDED`. */
  readonly status: string | null;
  /** Links that open the provider's app, by key (`WALLET`, `MM`, `APP2`). */
  readonly deepLinks: Readonly<Record<string, string>>;
  /** Base64 PNG without a `data:` prefix; only in the initiation response, else null. */
  readonly qrCode: string | null;
  readonly providerReference: string | null;
  readonly expiresAt: Date | null;
  readonly createdAt: Date | null;
  /** Null until paid (and in the initiation response). */
  readonly paidAt: Date | null;
  /** Null unless expired. */
  readonly expiredAt: Date | null;
  /** The reason of a failure, else null. */
  readonly errorMessage: string | null;
  /** Your JSON object, exactly as you sent it. */
  readonly metadata: Readonly<Record<string, unknown>>;
  /**
   * The operator's fee (`"23.00"`), set when the payment succeeds (`"0.00"` on your own provider
   * account); null before, and in the initiation response.
   */
  readonly fee: string | null;
  /** The amount less the fee, what your balance is credited; null until the payment succeeds. */
  readonly netAmount: string | null;
  /** Whether the payment reached a status it will not leave (except SUCCESS, which a refund can change). */
  readonly isFinal: boolean;
}

/**
 * What {@link PaymentQuery} and {@link PayoutQuery} share: a list's filters, its cursor and its page size;
 * unset fields do not filter. Internal: the package exports the two names, not this one.
 */
export interface ListQuery {
  /** Only those in this status, such as `SUCCESS`. */
  status?: string;
  /** Only those through this provider. */
  provider?: string;
  /** Created at or after (a Date or ISO 8601 text). */
  createdFrom?: Date | string;
  /** Created before (a Date or ISO 8601 text). */
  createdTo?: Date | string;
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Page size, 1 to 100; default 20. */
  limit?: number;
}

/** Filters for {@link XaalisClient.list} (payments); unset fields do not filter. */
export interface PaymentQuery extends ListQuery {}

/** One page of {@link XaalisClient.list}, newest first. */
export interface PaymentPage {
  readonly payments: readonly Payment[];
  readonly hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/**
 * A payment link to create: either `amount` (a fixed amount) or both `minAmount` and `maxAmount` (the
 * customer chooses in that range).
 */
export interface PaymentLinkRequest {
  /** A fixed amount, written like a payment's (decimal text preferred); sent as text. */
  amount?: Amount;
  /** The lowest amount the customer may choose. */
  minAmount?: Amount;
  /** The highest amount the customer may choose. */
  maxAmount?: Amount;
  /** Unset means `XOF`. */
  currency?: string;
  /** Shown to the customer, and the description of each payment (at most 500 characters). */
  description?: string;
  /** The payment methods offered; unset means every provider active for the application. */
  providers?: readonly string[];
  /** Paid at most once; default false. */
  singleUse?: boolean;
  /** When the link stops taking payments (a Date, or ISO 8601 text with a time zone); unset means never. */
  expiresAt?: Date | string;
}

/** A payment link as the API returns it. */
export interface PaymentLink {
  /** 16 characters from a–z and 2–7: the last segment of `url`. */
  readonly code: string | null;
  /** The address to share: `{base_url}/l/{code}`. */
  readonly url: string | null;
  /** The url as a QR code: base64 PNG without a `data:` prefix. */
  readonly qrCode: string | null;
  readonly environment: string | null;
  /** The fixed amount (`"2500.00"`), or null for a range. */
  readonly amount: string | null;
  readonly minAmount: string | null;
  readonly maxAmount: string | null;
  readonly currency: string | null;
  readonly description: string | null;
  readonly providers: readonly string[];
  readonly singleUse: boolean;
  /** Null for never. */
  readonly expiresAt: Date | null;
  /** False once deactivated. */
  readonly active: boolean;
  /** What a customer opening it finds: `OPEN`, `IN_PROGRESS`, `PAID`, `EXPIRED` or `DEACTIVATED`. */
  readonly state: string | null;
  readonly createdAt: Date | null;
}

/**
 * Paging for {@link XaalisClient.listPaymentLinks}.
 *
 * @deprecated pass the cursor and the limit as the first two arguments,
 *   `listPaymentLinks(cursor, limit)`, as the other Xaalis libraries do.
 */
export interface PaymentLinkQuery {
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Page size, 1 to 100; default 20. */
  limit?: number;
}

/** One page of {@link XaalisClient.listPaymentLinks}, newest first. */
export interface PaymentLinkPage {
  readonly links: readonly PaymentLink[];
  readonly hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/** A payout to send. `provider`, `amount` and `recipientPhone` are required. */
export interface PayoutRequest {
  /** `WALLET_SN` or `MOBILEMONEY_SN`. */
  provider: string;
  /**
   * What the recipient gets: a whole number of francs (the provider's fee is charged on top). Decimal text
   * such as `"5000"` is exact and preferred; it is always sent as text.
   */
  amount: Amount;
  /** `+221` and a mobile number, such as `+221771234567`. */
  recipientPhone: string;
  /** The recipient's name (at most 100 characters); the wallet may check it against the account. */
  recipientName?: string;
  /** Shown on the recipient's receipt (at most 40 characters). */
  reason?: string;
  /** Any JSON-serializable object (16 KiB at most); use it to link the payout to your records. */
  metadata?: Record<string, unknown>;
}

/** A payout as the API returns it, and as the `data` of its notifications. */
export interface Payout {
  /** `OUT-` and 8 characters: the payout's identifier in every other call. */
  readonly reference: string | null;
  readonly provider: string | null;
  /** `sandbox` or `live`. */
  readonly environment: string | null;
  /** What the recipient gets, exact decimal text with two decimals (`"5000.00"`); compare with `sameAmount`. */
  readonly amount: string | null;
  /** What the provider charged on top; null until it said (and for `MOBILEMONEY_SN`). */
  readonly fee: string | null;
  readonly currency: string | null;
  readonly recipientPhone: string | null;
  readonly recipientName: string | null;
  readonly reason: string | null;
  /** `PROCESSING`, `SUCCESS`, `FAILED`, `REVERSED` or `NEEDS_REVIEW`. */
  readonly status: string | null;
  /** The provider's code of a failure, else null. */
  readonly failureCode: string | null;
  /** Why it failed, or what to check for `NEEDS_REVIEW`; else null. */
  readonly failureReason: string | null;
  /** Your JSON object, exactly as you sent it. */
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly createdAt: Date | null;
  readonly updatedAt: Date | null;
  /** Null until its outcome (or the need for a review) is known. */
  readonly settledAt: Date | null;
}

/** Filters for {@link XaalisClient.listPayouts}, the same as {@link PaymentQuery}'s; unset fields do not filter. */
export interface PayoutQuery extends ListQuery {}

/** One page of {@link XaalisClient.listPayouts}, newest first. */
export interface PayoutPage {
  readonly payouts: readonly Payout[];
  readonly hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/** The application's balance in the keys' environment, as {@link XaalisClient.balance} returns it. */
export interface Balance {
  /** `sandbox` or `live`. */
  readonly environment: string | null;
  /** `XOF`. */
  readonly currency: string | null;
  /** What a settlement can pay out now, exact decimal text (`"14770.00"`); compare with `sameAmount`. */
  readonly available: string | null;
  /** Credited by payments whose delay has not ended yet. */
  readonly pending: string | null;
}

/** What moved the balance once. */
export interface BalanceTransaction {
  readonly id: string | null;
  /** `payment`, `refund`, `refund_reversal`, `settlement`, `settlement_reversal`, `fee` or `adjustment`. */
  readonly type: string | null;
  /** The payment's amount; for a refund, minus the amount refunded (decimal text). */
  readonly amount: string | null;
  /** The operator's fee on a payment; on a refund, minus the fee given back. */
  readonly fee: string | null;
  /** What the balance moved: `amount - fee`. */
  readonly net: string | null;
  /** The payment's reference; for a settlement or its reversal, the settlement's id. */
  readonly reference: string | null;
  readonly createdAt: Date | null;
  /** For a payment, the day (Dakar time, `"2026-11-23"`) its net becomes available; else null. */
  readonly availableOn: string | null;
  /** For an adjustment, the operator's reason; else null. */
  readonly description: string | null;
}

/** The page {@link XaalisClient.listBalanceTransactions} asks for. */
export interface BalanceTransactionQuery {
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Page size, 1 to 100; default 20. */
  limit?: number;
}

/** One page of {@link XaalisClient.listBalanceTransactions}, newest first. */
export interface BalanceTransactionPage {
  readonly transactions: readonly BalanceTransaction[];
  readonly hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/** A settlement to ask for: `amount` in whole francs, at most what is available; left out, all of it. */
export interface SettlementRequest {
  amount?: Amount;
}

/** A settlement as the API returns it, and as the `data` of its notifications. */
export interface Settlement {
  /** The settlement's identifier in every other call. */
  readonly id: string | null;
  /** `STL-` and 8 characters, as the notifications' ids carry it. */
  readonly reference: string | null;
  /** `sandbox` or `live`. */
  readonly environment: string | null;
  /** What is paid out, exact decimal text (`"4500.00"`). */
  readonly amount: string | null;
  readonly currency: string | null;
  readonly provider: string | null;
  /** The number it goes to, masked (`"+221 77 *** ** 67"`). */
  readonly destination: string | null;
  /** `PROCESSING`, `PAID`, `FAILED` or `REVERSED`. */
  readonly status: string | null;
  /** The reference of the payout that carries it. */
  readonly payoutReference: string | null;
  /** Who asked: `api`, `portal` or `automatic`. */
  readonly origin: string | null;
  /** The provider's code of a failure, else null. */
  readonly failureCode: string | null;
  readonly failureReason: string | null;
  readonly createdAt: Date | null;
  readonly updatedAt: Date | null;
}

/** The page {@link XaalisClient.listSettlements} asks for. */
export interface SettlementQuery {
  /** The `nextCursor` of the previous page. */
  cursor?: string;
  /** Page size, 1 to 100; default 20. */
  limit?: number;
}

/** One page of {@link XaalisClient.listSettlements}, newest first. */
export interface SettlementPage {
  readonly settlements: readonly Settlement[];
  readonly hasMore: boolean;
  /** Pass as `cursor` for the next page; null on the last page. */
  readonly nextCursor: string | null;
}

/** Sandbox outcomes that {@link XaalisClient.simulate} can force. */
export const Outcome = {
  SUCCESS: "SUCCESS",
  FAILED: "FAILED",
  CANCELLED: "CANCELLED",
  EXPIRED: "EXPIRED",
} as const;

export type Outcome = (typeof Outcome)[keyof typeof Outcome];

/** The API's error body. */
export interface ApiError {
  /** The HTTP status code. */
  readonly status: number;
  /** The reason phrase, such as `Bad Request`. */
  readonly error: string | null;
  /** A readable message. */
  readonly message: string | null;
  /** When the error happened, ISO 8601 with an offset. */
  readonly timestamp: string | null;
  /** Per-field details (field name to messages); empty when there are none. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
}

/**
 * A call to Xaalis that did not succeed: either the API answered with an error (`error` holds its
 * body) or no answer came after the retries (`status` is 0). The message never contains a key.
 */
export class XaalisError extends Error {
  /** The HTTP status, or 0 when Xaalis could not be reached. */
  readonly status: number;
  /** The error body, or null when Xaalis could not be reached. */
  readonly error: ApiError | null;

  constructor(error: ApiError);
  constructor(message: string, cause: unknown);
  constructor(errorOrMessage: ApiError | string, cause?: unknown) {
    if (typeof errorOrMessage === "string") {
      super(errorOrMessage, { cause });
      this.status = 0;
      this.error = null;
    } else {
      const e = errorOrMessage;
      super(e.status + " " + e.error + ": " + e.message);
      this.status = e.status;
      this.error = e;
    }
    this.name = "XaalisError";
  }

  /** Whether trying the same call again later may succeed (no answer, 409, 429, 5xx). */
  get retryable(): boolean {
    return this.status === 0 || this.status === 409 || this.status === 429 || this.status >= 500;
  }
}

/** Configuration of a {@link XaalisClient}; `baseUrl`, `endpointKey` and both keys are required. */
export interface XaalisClientOptions {
  /** Where Xaalis runs, such as `https://pay.example.com`. */
  baseUrl: string;
  /** Your application's endpoint key (the path segment after `/api/v1/`). */
  endpointKey: string;
  /** `pk_test_…` or `pk_live_…`; the environment follows from the keys. */
  apiKey: string;
  /** `sk_test_…` or `sk_live_…`: a server-side secret, never sent to a browser. */
  apiSecret: string;
  /** Per attempt, in milliseconds (connecting included); default 30000. */
  timeout?: number;
  /** Further attempts after a network error, a timeout or a 429; default 2, 0 disables retries. */
  maxRetries?: number;
  /** First pause after a network error in milliseconds, doubled on each retry (with jitter); default 250. */
  retryDelay?: number;
  /** The longest `Retry-After` honoured, in milliseconds; default 30000. */
  maxRetryAfter?: number;
  /** The fetch to use; default the global `fetch`. */
  fetch?: typeof fetch;
}

/** Per-call options. */
export interface CallOptions {
  /** Cancels the call, including its retries. */
  signal?: AbortSignal;
}

/**
 * Options of {@link XaalisClient.initiate} and {@link XaalisClient.createPaymentLink}.
 *
 * @deprecated pass the key as the second argument and the other options third,
 *   `initiate(request, idempotencyKey, { signal })`, as the other Xaalis libraries do.
 */
export interface InitiateOptions extends CallOptions {
  /**
   * 1 to 255 printable ASCII characters; the same key and request within 24 h return the first answer
   * instead of creating another payment or link (use your order id to survive your own restarts).
   * Default: a fresh UUID.
   */
  idempotencyKey?: string;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The key and options of a call taking `(idempotencyKey, options)`, or the deprecated options object. */
function keyAndOptions(
  keyOrOptions: string | InitiateOptions | null | undefined,
  options: CallOptions,
): { idempotencyKey?: string; signal?: AbortSignal } {
  if (keyOrOptions !== null && typeof keyOrOptions === "object") {
    return { idempotencyKey: keyOrOptions.idempotencyKey, signal: keyOrOptions.signal ?? options.signal };
  }
  return { idempotencyKey: keyOrOptions ?? undefined, signal: options.signal };
}

/**
 * The Xaalis payment API for a merchant's server. Create one per application and reuse it.
 *
 * ```ts
 * const xaalis = XaalisClient.fromEnvironment();
 * const payment = await xaalis.initiate({ provider: "WALLET_SN", amount: "1500", metadata: { order_id: "o-42" } });
 * // show payment.deepLinks or payment.qrCode to the customer, then wait for the webhook
 * ```
 *
 * Every POST carries an `Idempotency-Key` (generated unless you pass one, as to
 * {@link XaalisClient.createSettlement}; a payout's is always yours, see
 * {@link XaalisClient.createPayout}), kept across retries, so a
 * retried call never creates or changes anything twice. Network errors, timeouts and 429 answers are
 * retried (`maxRetries`, honouring `Retry-After`); other errors throw {@link XaalisError} with the API's
 * error body.
 */
export class XaalisClient {
  readonly #baseUrl: string;
  readonly #endpointKey: string;
  readonly #apiKey: string;
  readonly #apiSecret: string;
  readonly #timeout: number;
  readonly #maxRetries: number;
  readonly #retryDelay: number;
  readonly #maxRetryAfter: number;
  readonly #fetch: typeof fetch;

  /** @throws TypeError naming the first required setting that is missing */
  constructor(options: XaalisClientOptions) {
    if (options === null || typeof options !== "object") {
      throw new TypeError("options are required");
    }
    this.#baseUrl = stripSlash(required(options.baseUrl, "baseUrl"));
    this.#endpointKey = required(options.endpointKey, "endpointKey");
    this.#apiKey = headerValue(required(options.apiKey, "apiKey"), "apiKey");
    this.#apiSecret = headerValue(required(options.apiSecret, "apiSecret"), "apiSecret");
    this.#timeout = duration(options.timeout, 30_000, "timeout");
    this.#retryDelay = duration(options.retryDelay, 250, "retryDelay");
    this.#maxRetryAfter = duration(options.maxRetryAfter, 30_000, "maxRetryAfter");
    const maxRetries = options.maxRetries ?? 2;
    if (!Number.isInteger(maxRetries) || maxRetries < 0) {
      throw new RangeError("maxRetries must be a whole number, not negative");
    }
    this.#maxRetries = maxRetries;
    const fetchFunction = options.fetch ?? globalThis.fetch;
    if (typeof fetchFunction !== "function") {
      throw new TypeError("fetch is not available: use Node.js 22 or later, or pass options.fetch");
    }
    this.#fetch = fetchFunction;
  }

  /**
   * A client configured from `XAALIS_BASE_URL`, `XAALIS_ENDPOINT_KEY`, `XAALIS_API_KEY` and
   * `XAALIS_API_SECRET`.
   *
   * @param env where to read them; default `process.env`
   * @param options the optional settings (timeout, retries…)
   * @throws Error naming the first variable that is not set
   */
  static fromEnvironment(
    env: Readonly<Record<string, string | undefined>> = process.env,
    options: Omit<XaalisClientOptions, "baseUrl" | "endpointKey" | "apiKey" | "apiSecret"> = {},
  ): XaalisClient {
    return new XaalisClient({
      ...options,
      baseUrl: variable(env, "XAALIS_BASE_URL"),
      endpointKey: variable(env, "XAALIS_ENDPOINT_KEY"),
      apiKey: variable(env, "XAALIS_API_KEY"),
      apiSecret: variable(env, "XAALIS_API_SECRET"),
    });
  }

  /**
   * Starts collecting a payment.
   *
   * @param idempotencyKey 1 to 255 printable ASCII characters; the same key and request within 24 h
   *   return the first answer instead of creating another payment (use your order id to survive your
   *   own restarts). Default: a fresh UUID. An {@link InitiateOptions} object here is the deprecated
   *   form, still accepted.
   */
  async initiate(
    request: PaymentRequest,
    idempotencyKey?: string | InitiateOptions | null,
    options: CallOptions = {},
  ): Promise<Payment> {
    const call = keyAndOptions(idempotencyKey, options);
    if (request === null || typeof request !== "object") {
      throw new TypeError("request is required");
    }
    if (typeof request.provider !== "string") {
      throw new TypeError("provider is required");
    }
    if (request.amount === undefined || request.amount === null) {
      throw new TypeError("amount is required");
    }
    const body: Record<string, unknown> = { provider: request.provider, amount: plainAmount(request.amount) };
    putIfPresent(body, "currency", request.currency);
    putIfPresent(body, "description", request.description);
    putIfPresent(body, "customer_phone", request.customerPhone);
    putIfPresent(body, "customer_name", request.customerName);
    if (request.metadata !== undefined && request.metadata !== null) {
      body["metadata"] = request.metadata;
    }
    putIfPresent(body, "success_url", request.successUrl);
    putIfPresent(body, "error_url", request.errorUrl);
    return payment(await this.#create("/payments/initiate/", body, call.idempotencyKey, call.signal));
  }

  /** The payment's current status (catch up after a missed notification, or confirm before delivering). */
  async status(reference: string, options: CallOptions = {}): Promise<Payment> {
    return payment(await this.#send("GET", "/payments/" + segment(reference) + "/status/", null, null, options.signal));
  }

  /** A page of payments of this application and environment, newest first. */
  async list(query: PaymentQuery = {}, options: CallOptions = {}): Promise<PaymentPage> {
    const { items, hasMore, nextCursor } = await this.#list("/payments/", query, payment, options.signal);
    return Object.freeze({ payments: items, hasMore, nextCursor });
  }

  /** Cancels a PROCESSING payment (409 when it already left PROCESSING). */
  async cancel(reference: string, options: CallOptions = {}): Promise<Payment> {
    return payment(await this.#send("POST", "/payments/" + segment(reference) + "/cancel/", null, randomUUID(), options.signal));
  }

  /** Refunds a SUCCESS payment (409 when it is not SUCCESS). */
  async refund(reference: string, options: CallOptions = {}): Promise<Payment> {
    return payment(await this.#send("POST", "/payments/" + segment(reference) + "/refund/", null, randomUUID(), options.signal));
  }

  /**
   * Completes a PROCESSING `MOBILEMONEY_SN` payment with the one-time code the customer got by dialling
   * the operator's USSD menu.
   *
   * Resolves to the payment: `SUCCESS`, or `FAILED` (`errorMessage` says why: insufficient funds, the
   * code refused three times), or still `PROCESSING` (a 202) when the operator has not answered yet, in
   * which case the webhook or {@link XaalisClient.status} tells the end. A code the operator refuses
   * while tries remain rejects with a 400 {@link XaalisError} whose `error.errors` has `otp` (the
   * payment stays PROCESSING: ask the customer again); a `WALLET_SN` payment, a 400 with `provider`; a
   * payment no longer PROCESSING, or whose previous code is still being checked, a 409. The code is
   * sent once in the body and never appears in a message.
   *
   * @param phone the customer's Senegal number, with or without `+221`, spaces allowed
   * @param otp the one-time code, as the customer typed it
   */
  async payWithCode(reference: string, phone: string, otp: string, options: CallOptions = {}): Promise<Payment> {
    if (typeof phone !== "string") {
      throw new TypeError("phone must be a string");
    }
    if (typeof otp !== "string") {
      throw new TypeError("otp must be a string (a code may start with 0)");
    }
    const body = JSON.stringify({ customer_phone: phone, otp });
    return payment(await this.#send("POST", "/payments/" + segment(reference) + "/otp", body, randomUUID(), options.signal));
  }

  /** Forces a sandbox payment's outcome (sandbox keys only), which sends its notification. */
  async simulate(reference: string, outcome: Outcome, options: CallOptions = {}): Promise<Payment> {
    if (!Object.prototype.hasOwnProperty.call(Outcome, outcome)) {
      throw new TypeError("outcome must be one of " + Object.keys(Outcome).join(", "));
    }
    const body = JSON.stringify({ outcome });
    return payment(
      await this.#send("POST", "/sandbox/payments/" + segment(reference) + "/simulate", body, randomUUID(), options.signal),
    );
  }

  /**
   * Creates a payment link to share or print (its `url` and `qrCode`).
   *
   * @param idempotencyKey as {@link XaalisClient.initiate}'s; default a fresh UUID. An
   *   {@link InitiateOptions} object here is the deprecated form, still accepted.
   */
  async createPaymentLink(
    request: PaymentLinkRequest,
    idempotencyKey?: string | InitiateOptions | null,
    options: CallOptions = {},
  ): Promise<PaymentLink> {
    const call = keyAndOptions(idempotencyKey, options);
    if (request === null || typeof request !== "object") {
      throw new TypeError("request is required");
    }
    const body: Record<string, unknown> = {};
    for (const [field, value] of [
      ["amount", request.amount],
      ["min_amount", request.minAmount],
      ["max_amount", request.maxAmount],
    ] as const) {
      if (value !== undefined && value !== null) {
        body[field] = plainAmount(value);
      }
    }
    putIfPresent(body, "currency", request.currency);
    putIfPresent(body, "description", request.description);
    if (request.providers !== undefined && request.providers !== null) {
      body["providers"] = [...request.providers];
    }
    if (request.singleUse !== undefined && request.singleUse !== null) {
      body["single_use"] = request.singleUse;
    }
    putIfPresent(body, "expires_at", instant(request.expiresAt));
    return paymentLink(await this.#create("/payment-links/", body, call.idempotencyKey, call.signal));
  }

  /**
   * A page of this application's payment links in the keys' environment, newest first.
   *
   * @param cursor the `nextCursor` of the previous page; none for the first. A {@link PaymentLinkQuery}
   *   object here is the deprecated form, still accepted.
   * @param limit page size, 1 to 100; default 20
   */
  async listPaymentLinks(
    cursor?: string | PaymentLinkQuery | null,
    limit?: number,
    options: CallOptions = {},
  ): Promise<PaymentLinkPage> {
    const query: PaymentLinkQuery =
      cursor !== null && typeof cursor === "object" ? cursor : { cursor: cursor ?? undefined, limit };
    const params = new URLSearchParams();
    addParam(params, "cursor", query.cursor);
    addParam(params, "limit", String(query.limit ?? 20));
    const { items, hasMore, nextCursor } = page(
      await this.#send("GET", "/payment-links/?" + params.toString(), null, null, options.signal),
      paymentLink,
    );
    return Object.freeze({ links: items, hasMore, nextCursor });
  }

  /** Stops a payment link for good (payments it started are not touched); doing it again changes nothing. */
  async deactivatePaymentLink(code: string, options: CallOptions = {}): Promise<PaymentLink> {
    const path = "/payment-links/" + segment(code) + "/deactivate/";
    return paymentLink(await this.#send("POST", path, null, randomUUID(), options.signal));
  }

  /**
   * Sends money to a Senegalese mobile number from the application's provider account (payouts must be
   * turned on for the application first, else a 403).
   *
   * The key is required and never generated: a payout is sent at most once per key, however late the
   * same call is retried. After a lost answer retry with the same key (the same payout comes back), never
   * with a new one; the same key with another request is refused with a 422.
   *
   * @param idempotencyKey 1 to 255 printable ASCII characters, yours to keep with the payout you mean
   *   (such as your own payout's id)
   * @throws TypeError without a request or a key
   */
  async createPayout(request: PayoutRequest, idempotencyKey: string, options: CallOptions = {}): Promise<Payout> {
    if (request === null || typeof request !== "object") {
      throw new TypeError("request is required");
    }
    if (typeof request.provider !== "string") {
      throw new TypeError("provider is required");
    }
    if (typeof request.recipientPhone !== "string") {
      throw new TypeError("recipientPhone is required");
    }
    if (typeof idempotencyKey !== "string" || idempotencyKey.trim() === "") {
      throw new TypeError("idempotencyKey is required: a payout is never sent without one");
    }
    const body: Record<string, unknown> = {
      provider: request.provider,
      amount: plainAmount(request.amount),
      recipient_phone: request.recipientPhone,
    };
    putIfPresent(body, "recipient_name", request.recipientName);
    putIfPresent(body, "reason", request.reason);
    if (request.metadata !== undefined && request.metadata !== null) {
      body["metadata"] = request.metadata;
    }
    return payout(await this.#create("/payouts/", body, idempotencyKey, options.signal));
  }

  /** The payout as it stands; 404 for a reference that is not one of this application's in the keys' environment. */
  async readPayout(reference: string, options: CallOptions = {}): Promise<Payout> {
    return payout(await this.#send("GET", "/payouts/" + segment(reference) + "/", null, null, options.signal));
  }

  /** A page of payouts of this application and environment, newest first. */
  async listPayouts(query: PayoutQuery = {}, options: CallOptions = {}): Promise<PayoutPage> {
    const { items, hasMore, nextCursor } = await this.#list("/payouts/", query, payout, options.signal);
    return Object.freeze({ payouts: items, hasMore, nextCursor });
  }

  /** The application's balance in the keys' environment: available, and pending until its delay ends. */
  async balance(options: CallOptions = {}): Promise<Balance> {
    const node = await this.#send("GET", "/balance/", null, null, options.signal);
    const b: { [key: string]: Json } = isObject(node) ? node : {};
    return Object.freeze({
      environment: text(b, "environment"),
      currency: text(b, "currency"),
      available: text(b, "available"),
      pending: text(b, "pending"),
    });
  }

  /** A page of what moved the balance (payments, refunds, settlements…), newest first. */
  async listBalanceTransactions(query: BalanceTransactionQuery = {}, options: CallOptions = {}): Promise<BalanceTransactionPage> {
    const { items, hasMore, nextCursor } = await this.#cursorPage("/balance/transactions/", query, balanceTransaction, options.signal);
    return Object.freeze({ transactions: items, hasMore, nextCursor });
  }

  /**
   * Pays the available balance (all of it, or `request.amount`) out to the application's own number, set
   * in the portal. The balance is debited at once; a failed or reversed settlement credits it back.
   *
   * The same key and request answer the same settlement however late they are retried; the same key with
   * another request is refused with a 422. A 409 when no number is set (or it changed less than 24 h ago)
   * or when `available` does not cover the amount.
   *
   * @param idempotencyKey 1 to 255 printable ASCII characters (such as your own withdrawal's id, to retry
   *   it safely after a lost answer); default a fresh UUID, kept across this call's own retries
   * @throws TypeError for a blank key
   */
  async createSettlement(request: SettlementRequest = {}, idempotencyKey?: string, options: CallOptions = {}): Promise<Settlement> {
    if (request === null || typeof request !== "object") {
      throw new TypeError("request must be an object");
    }
    if (idempotencyKey !== undefined && (typeof idempotencyKey !== "string" || idempotencyKey.trim() === "")) {
      throw new TypeError("idempotencyKey must not be blank");
    }
    const body: Record<string, unknown> = {};
    if (request.amount !== undefined && request.amount !== null) {
      body["amount"] = plainAmount(request.amount);
    }
    return settlement(await this.#create("/settlements/", body, idempotencyKey, options.signal));
  }

  /** The settlement as it stands; 404 for an id that is not one of this application's in the keys' environment. */
  async readSettlement(id: string, options: CallOptions = {}): Promise<Settlement> {
    return settlement(await this.#send("GET", "/settlements/" + segment(id) + "/", null, null, options.signal));
  }

  /** A page of settlements of this application and environment, newest first. */
  async listSettlements(query: SettlementQuery = {}, options: CallOptions = {}): Promise<SettlementPage> {
    const { items, hasMore, nextCursor } = await this.#cursorPage("/settlements/", query, settlement, options.signal);
    return Object.freeze({ settlements: items, hasMore, nextCursor });
  }

  /** One page of a list without filters: the cursor and the limit only. */
  async #cursorPage<T>(path: string, query: { cursor?: string; limit?: number }, item: (node: Json) => T, signal?: AbortSignal): Promise<Page<T>> {
    const params = new URLSearchParams();
    addParam(params, "cursor", query.cursor);
    addParam(params, "limit", String(query.limit ?? 20));
    return page(await this.#send("GET", path + "?" + params.toString(), null, null, signal), item);
  }

  /** A POST that creates something, under the caller's idempotency key or else a fresh one (kept across retries). */
  #create(path: string, body: Record<string, unknown>, idempotencyKey: string | undefined, signal?: AbortSignal): Promise<Json> {
    return this.#send("POST", path, JSON.stringify(body), idempotencyKey ?? randomUUID(), signal);
  }

  /** The page of a filtered list ({@link PaymentQuery}, {@link PayoutQuery}) that the query asks for. */
  async #list<T>(path: string, query: ListQuery, item: (node: Json) => T, signal?: AbortSignal): Promise<Page<T>> {
    const params = new URLSearchParams();
    addParam(params, "status", query.status);
    addParam(params, "provider", query.provider);
    addParam(params, "created_from", instant(query.createdFrom));
    addParam(params, "created_to", instant(query.createdTo));
    addParam(params, "cursor", query.cursor);
    addParam(params, "limit", String(query.limit ?? 20));
    return page(await this.#send("GET", path + "?" + params.toString(), null, null, signal), item);
  }

  async #send(method: string, path: string, body: string | null, idempotencyKey: string | null, signal?: AbortSignal): Promise<Json> {
    const url = this.#baseUrl + "/api/v1/" + segment(this.#endpointKey) + path;
    const headers: Record<string, string> = {
      "X-Api-Key": this.#apiKey,
      "X-Api-Secret": this.#apiSecret,
      Accept: "application/json",
      "User-Agent": USER_AGENT,
    };
    if (idempotencyKey !== null) {
      headers["Idempotency-Key"] = idempotencyKey;
    }
    if (body !== null) {
      headers["Content-Type"] = "application/json";
    }
    for (let attempt = 0; ; attempt++) {
      signal?.throwIfAborted();
      let status: number;
      let text: string;
      let retryAfterHeader: string | null;
      const attemptSignal = withTimeout(signal, this.#timeout);
      try {
        const response = await this.#fetch(url, {
          method,
          headers,
          body,
          redirect: "manual",
          signal: attemptSignal.signal,
        });
        status = response.status;
        retryAfterHeader = response.headers.get("Retry-After");
        text = await response.text();
      } catch (e) {
        if (signal?.aborted) {
          throw signal.reason;
        }
        if (attempt >= this.#maxRetries) {
          throw new XaalisError("Xaalis could not be reached after " + (attempt + 1) + " attempts: " + describe(e), e);
        }
        await pause(this.#backoff(attempt), signal);
        continue;
      } finally {
        attemptSignal.done();
      }
      if (status === 429 && attempt < this.#maxRetries) {
        await pause(this.#retryAfter(retryAfterHeader) ?? this.#backoff(attempt), signal);
        continue;
      }
      if (status >= 200 && status < 300) {
        try {
          return JSON.parse(text) as Json;
        } catch {
          throw new XaalisError({ status, error: "Invalid response", message: "The response is not JSON", timestamp: null, errors: {} });
        }
      }
      throw new XaalisError(apiError(status, text));
    }
  }

  #retryAfter(value: string | null): number | null {
    if (value === null) {
      return null;
    }
    const trimmed = value.trim();
    if (!/^[+-]?\d{1,18}$/.test(trimmed)) {
      return null; // an HTTP date or garbage: the usual backoff
    }
    const wait = Math.max(0, Number(trimmed)) * 1000;
    return Math.min(wait, this.#maxRetryAfter);
  }

  #backoff(attempt: number): number {
    const base = Math.floor(this.#retryDelay) * 2 ** Math.min(attempt, 10);
    // Jitter spreads the retries of many clients that failed together.
    const half = Math.floor(base / 2);
    return half + (half + 1 > 1 ? randomInt(half + 1) : 0);
  }

  /** The configuration without the secret, which stays out of logs. */
  toString(): string {
    return "XaalisClient[" + this.#baseUrl + ", " + this.#endpointKey + ", " + this.#apiKey + "]";
  }

  toJSON(): string {
    return this.toString();
  }

  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return this.toString();
  }
}

function withTimeout(outer: AbortSignal | undefined, timeout: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("no answer within " + timeout + " ms")), timeout);
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener("abort", onAbort);
    },
  };
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) {
    return String(error);
  }
  // fetch reports "fetch failed" and puts the real reason (ECONNREFUSED, a timeout…) in its cause.
  const cause = error.cause instanceof Error ? error.cause : null;
  const detail = cause ? cause.name + ": " + cause.message : null;
  return error.name + ": " + error.message + (detail ? " (" + detail + ")" : "");
}

function apiError(status: number, body: string): ApiError {
  let parsed: Json | undefined;
  try {
    parsed = JSON.parse(body) as Json;
  } catch {
    parsed = undefined;
  }
  if (!isObject(parsed)) {
    return Object.freeze({ status, error: "HTTP " + status, message: "The response carried no error body", timestamp: null, errors: Object.freeze({}) });
  }
  const errors: Record<string, readonly string[]> = {};
  const fields = parsed["errors"];
  if (isObject(fields)) {
    for (const [field, value] of Object.entries(fields)) {
      const messages = Array.isArray(value) ? value : isObject(value) ? Object.values(value) : [];
      Object.defineProperty(errors, field, {
        value: Object.freeze(messages.map(asText)),
        enumerable: true,
        writable: false,
        configurable: false,
      });
    }
  }
  const code = parsed["status"];
  return Object.freeze({
    status: typeof code === "number" && Number.isFinite(code) ? Math.trunc(code) : typeof code === "string" && /^-?\d+$/.test(code.trim()) ? Number(code.trim()) : status,
    error: text(parsed, "error"),
    message: text(parsed, "message"),
    timestamp: text(parsed, "timestamp"),
    errors: Object.freeze(errors),
  });
}

function payment(node: Json): Payment {
  const p: { [key: string]: Json } = isObject(node) ? node : {};
  const links: Record<string, string> = {};
  const deepLinks = p["deep_links"];
  if (isObject(deepLinks)) {
    for (const [key, value] of Object.entries(deepLinks)) {
      Object.defineProperty(links, key, { value: asText(value), enumerable: true });
    }
  }
  const metadata = p["metadata"];
  const status = text(p, "status");
  return Object.freeze({
    transactionUuid: text(p, "transaction_uuid"),
    reference: text(p, "reference"),
    provider: text(p, "provider"),
    environment: text(p, "environment"),
    amount: text(p, "amount"),
    currency: text(p, "currency"),
    status,
    deepLinks: Object.freeze(links),
    qrCode: text(p, "qr_code"),
    providerReference: text(p, "provider_reference"),
    expiresAt: date(p, "expires_at"),
    createdAt: date(p, "created_at"),
    paidAt: date(p, "paid_at"),
    expiredAt: date(p, "expired_at"),
    errorMessage: text(p, "error_message"),
    metadata: isObject(metadata) ? metadata : {},
    fee: text(p, "fee"),
    netAmount: text(p, "net_amount"),
    isFinal: status !== "PROCESSING",
  });
}

/** A page of the API's items, as {@link page} reads it. */
type Page<T> = { items: readonly T[]; hasMore: boolean; nextCursor: string | null };

/** A page of the API: `data`, `has_more` and `next_cursor`. */
function page<T>(node: Json, item: (node: Json) => T): Page<T> {
  const p: { [key: string]: Json } = isObject(node) ? node : {};
  const data = p["data"];
  return {
    items: Object.freeze(Array.isArray(data) ? data.map(item) : []),
    hasMore: p["has_more"] === true,
    nextCursor: text(p, "next_cursor"),
  };
}

/** A payout object of an answer, or the `data` of a payout notification. */
export function payout(node: Json): Payout {
  const p: { [key: string]: Json } = isObject(node) ? node : {};
  const metadata = p["metadata"];
  return Object.freeze({
    reference: text(p, "reference"),
    provider: text(p, "provider"),
    environment: text(p, "environment"),
    amount: text(p, "amount"),
    fee: text(p, "fee"),
    currency: text(p, "currency"),
    recipientPhone: text(p, "recipient_phone"),
    recipientName: text(p, "recipient_name"),
    reason: text(p, "reason"),
    status: text(p, "status"),
    failureCode: text(p, "failure_code"),
    failureReason: text(p, "failure_reason"),
    metadata: isObject(metadata) ? metadata : {},
    createdAt: date(p, "created_at"),
    updatedAt: date(p, "updated_at"),
    settledAt: date(p, "settled_at"),
  });
}

/** A settlement object of an answer, or the `data` of a settlement notification. */
export function settlement(node: Json): Settlement {
  const p: { [key: string]: Json } = isObject(node) ? node : {};
  return Object.freeze({
    id: text(p, "id"),
    reference: text(p, "reference"),
    environment: text(p, "environment"),
    amount: text(p, "amount"),
    currency: text(p, "currency"),
    provider: text(p, "provider"),
    destination: text(p, "destination"),
    status: text(p, "status"),
    payoutReference: text(p, "payout_reference"),
    origin: text(p, "origin"),
    failureCode: text(p, "failure_code"),
    failureReason: text(p, "failure_reason"),
    createdAt: date(p, "created_at"),
    updatedAt: date(p, "updated_at"),
  });
}

function balanceTransaction(node: Json): BalanceTransaction {
  const t: { [key: string]: Json } = isObject(node) ? node : {};
  return Object.freeze({
    id: text(t, "id"),
    type: text(t, "type"),
    amount: text(t, "amount"),
    fee: text(t, "fee"),
    net: text(t, "net"),
    reference: text(t, "reference"),
    createdAt: date(t, "created_at"),
    availableOn: text(t, "available_on"),
    description: text(t, "description"),
  });
}

function paymentLink(node: Json): PaymentLink {
  const l: { [key: string]: Json } = isObject(node) ? node : {};
  const providers = l["providers"];
  return Object.freeze({
    code: text(l, "code"),
    url: text(l, "url"),
    qrCode: text(l, "qr_code"),
    environment: text(l, "environment"),
    amount: text(l, "amount"),
    minAmount: text(l, "min_amount"),
    maxAmount: text(l, "max_amount"),
    currency: text(l, "currency"),
    description: text(l, "description"),
    providers: Object.freeze(Array.isArray(providers) ? providers.map(asText) : []),
    singleUse: l["single_use"] === true,
    expiresAt: date(l, "expires_at"),
    active: l["active"] === true,
    state: text(l, "state"),
    createdAt: date(l, "created_at"),
  });
}

function isObject(value: Json | undefined): value is { [key: string]: Json } {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function asText(value: Json | undefined): string {
  if (typeof value === "string") {
    return value;
  }
  if (typeof value === "number" || typeof value === "boolean" || value === null) {
    return String(value);
  }
  return "";
}

function text(node: { [key: string]: Json }, field: string): string | null {
  if (!Object.prototype.hasOwnProperty.call(node, field)) {
    return null;
  }
  const value = node[field];
  return value === null || value === undefined ? null : asText(value);
}

function date(node: { [key: string]: Json }, field: string): Date | null {
  const value = text(node, field);
  if (value === null) {
    return null;
  }
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) {
    throw new XaalisError({ status: 200, error: "Invalid response", message: field + " is not a date", timestamp: null, errors: {} });
  }
  return parsed;
}

function instant(value: Date | string | undefined): string | undefined {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new RangeError("invalid Date");
    }
    return value.toISOString();
  }
  return value;
}

function putIfPresent(body: Record<string, unknown>, field: string, value: string | undefined | null): void {
  if (value !== undefined && value !== null) {
    body[field] = value;
  }
}

function addParam(params: URLSearchParams, name: string, value: string | undefined | null): void {
  if (value !== undefined && value !== null) {
    params.append(name, value);
  }
}

/** One path segment, encoded as the Java SDK does (URLEncoder, with spaces as %20). */
function segment(value: string): string {
  if (typeof value !== "string") {
    throw new TypeError("a reference or code must be a string");
  }
  return encodeURIComponent(value).replace(/[!'()~]/g, (c) => "%" + c.charCodeAt(0).toString(16).toUpperCase());
}

function variable(env: Readonly<Record<string, string | undefined>>, name: string): string {
  const value = env[name];
  if (value === undefined || value.trim() === "") {
    throw new Error("Environment variable " + name + " is not set");
  }
  return value;
}

function required(value: string | undefined, name: string): string {
  if (typeof value !== "string" || value.trim() === "") {
    throw new TypeError(name + " is required");
  }
  return value;
}

/**
 * Keys travel in headers: one with a space, a line break or a character outside ASCII (often a stray
 * "\r" from a .env file) would make fetch throw a message quoting the value, the secret included.
 */
function headerValue(value: string, name: string): string {
  if (!/^[\x21-\x7e]+$/.test(value)) {
    throw new TypeError(name + " contains a character that is not printable ASCII (a space or a line break?)");
  }
  return value;
}

function duration(value: number | undefined, fallback: number, name: string): number {
  const result = value ?? fallback;
  if (typeof result !== "number" || !Number.isFinite(result) || result < 0) {
    throw new RangeError(name + " must be a number of milliseconds, not negative");
  }
  return result;
}

function stripSlash(url: string): string {
  return url.endsWith("/") ? url.slice(0, -1) : url;
}
