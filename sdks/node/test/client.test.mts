// The client against a scripted HTTP server on loopback: headers, bodies, retries, errors.
import assert from "node:assert/strict";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, test } from "node:test";
import { inspect } from "node:util";
import { Outcome, XaalisClient, XaalisError } from "@xaalis/sdk";

interface Seen {
  method: string;
  path: string;
  query: string | null;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A scripted answer; status -1 closes the connection without answering. */
interface Answer {
  status: number;
  body: string;
  headers?: Record<string, string>;
  delay?: number;
}

const PAYMENT = JSON.stringify({
  transaction_uuid: "01934a5e-7c1a-7b3e-9f00-0123456789ab",
  reference: "SVC-AB12CD34",
  provider: "WALLET_SN",
  environment: "sandbox",
  amount: "1500.00",
  currency: "XOF",
  status: "PROCESSING",
  deep_links: { WALLET: "https://x.example/c" },
  qr_code: "iVBOR",
  provider_reference: "sbx_1",
  expires_at: "2026-11-22T08:57:45.123400Z",
  metadata: { order_id: "o-42" },
  created_at: "2026-11-22T08:42:45.123400Z",
});

/** A MOBILEMONEY_SN payment as the status answers it, in `status`, with `extra` fields. */
function codePayment(status: string, extra: Record<string, string>): string {
  const { deep_links: _links, qr_code: _qr, ...rest } = JSON.parse(PAYMENT) as Record<string, unknown>;
  return JSON.stringify({ ...rest, provider: "MOBILEMONEY_SN", status, ...extra });
}

/** `request` was `method path` (under the endpoint key) with the API keys and a JSON body. */
function assertKeyedJson(request: Seen, method: string, path: string): void {
  assert.equal(request.method + " " + request.path, method + " /api/v1/abcdefghijklmnop" + path);
  assert.equal(request.headers["x-api-key"], "pk_test_key");
  assert.equal(request.headers["x-api-secret"], "sk_test_secret");
  assert.equal(request.headers["content-type"], "application/json");
}

let server: Server;
let seen: Seen[];
let answers: Answer[];
let base: string;
let client: XaalisClient;

beforeEach(async () => {
  seen = [];
  answers = [];
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url!, "http://x");
      seen.push({
        method: req.method!,
        path: url.pathname,
        query: url.search ? url.search.slice(1) : null,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      const answer = answers.shift() ?? { status: 200, body: PAYMENT };
      if (answer.status === -1) {
        req.socket.destroy(); // no response at all: the client sees a network error
        return;
      }
      setTimeout(() => {
        if (res.destroyed) {
          return; // timed out on the client side
        }
        res.writeHead(answer.status, { "Content-Type": "application/json", ...answer.headers });
        res.end(answer.body);
      }, answer.delay ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = "http://127.0.0.1:" + (server.address() as AddressInfo).port + "/";
  client = new XaalisClient({
    baseUrl: base,
    endpointKey: "abcdefghijklmnop",
    apiKey: "pk_test_key",
    apiSecret: "sk_test_secret",
    timeout: 500,
    retryDelay: 10,
  });
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe("XaalisClient", () => {
  test("initiate sends the keys, an idempotency key and a quoted amount", async () => {
    const payment = await client.initiate({
      provider: "WALLET_SN",
      amount: 1500,
      customerPhone: "+221770000000",
      metadata: { order_id: "o-42" },
    });
    const request = seen[0]!;
    assertKeyedJson(request, "POST", "/payments/initiate/");
    assert.equal(request.headers["accept"], "application/json");
    assert.match(request.headers["user-agent"]!, /^xaalis-node\//);
    assert.match(String(request.headers["idempotency-key"]), /^[0-9a-f-]{36}$/);
    assert.deepEqual(JSON.parse(request.body), {
      provider: "WALLET_SN",
      amount: "1500",
      customer_phone: "+221770000000",
      metadata: { order_id: "o-42" },
    });

    assert.equal(payment.reference, "SVC-AB12CD34");
    assert.equal(payment.transactionUuid, "01934a5e-7c1a-7b3e-9f00-0123456789ab");
    assert.equal(payment.amount, "1500.00");
    assert.equal(payment.currency, "XOF");
    assert.equal(payment.environment, "sandbox");
    assert.deepEqual(payment.deepLinks, { WALLET: "https://x.example/c" });
    assert.equal(payment.qrCode, "iVBOR");
    assert.equal(payment.providerReference, "sbx_1");
    assert.equal(payment.createdAt?.toISOString(), "2026-11-22T08:42:45.123Z");
    assert.equal(payment.expiresAt?.toISOString(), "2026-11-22T08:57:45.123Z");
    assert.equal(payment.paidAt, null);
    assert.equal(payment.expiredAt, null);
    assert.equal(payment.errorMessage, null);
    assert.deepEqual(payment.metadata, { order_id: "o-42" });
    assert.equal(payment.isFinal, false);
    assert.ok(Object.isFrozen(payment));
  });

  test("initiate sends every optional field, and amounts as exact text", async () => {
    await client.initiate(
      {
        provider: "MOBILEMONEY_SN",
        amount: "1500.50",
        currency: "XOF",
        description: "Thiéboudienne x2",
        customerPhone: "+221770000000",
        customerName: "Awa",
        metadata: { order_id: "o-43", items: [1, 2] },
        successUrl: "https://shop.example/ok",
        errorUrl: "https://shop.example/ko",
      },
      { idempotencyKey: "order-43" },
    );
    assert.equal(seen[0]!.headers["idempotency-key"], "order-43");
    assert.deepEqual(JSON.parse(seen[0]!.body), {
      provider: "MOBILEMONEY_SN",
      amount: "1500.50",
      currency: "XOF",
      description: "Thiéboudienne x2",
      customer_phone: "+221770000000",
      customer_name: "Awa",
      metadata: { order_id: "o-43", items: [1, 2] },
      success_url: "https://shop.example/ok",
      error_url: "https://shop.example/ko",
    });
    await client.initiate({ provider: "WALLET_SN", amount: 12345678901234567890n });
    await client.initiate({ provider: "WALLET_SN", amount: "1.5e3" });
    assert.equal(JSON.parse(seen[1]!.body).amount, "12345678901234567890");
    assert.equal(JSON.parse(seen[2]!.body).amount, "1500");
  });

  test("initiate refuses a request without provider or with an amount that is not a number, without calling", async () => {
    await assert.rejects(client.initiate({ amount: "1" } as never), TypeError);
    await assert.rejects(client.initiate({ provider: "WALLET_SN" } as never), TypeError);
    await assert.rejects(client.initiate({ provider: "WALLET_SN", amount: "abc" }), RangeError);
    await assert.rejects(client.initiate({ provider: "WALLET_SN", amount: Number.NaN }), RangeError);
    assert.equal(seen.length, 0);
  });

  test("retries network errors and 429 with the same idempotency key", async () => {
    answers.push({ status: -1, body: "" });
    answers.push({ status: 429, body: '{"status":429}', headers: { "Retry-After": "1" } });
    const started = Date.now();
    const payment = await client.initiate({ provider: "WALLET_SN", amount: "1500" }, { idempotencyKey: "order-42" });
    assert.equal(payment.reference, "SVC-AB12CD34");
    assert.equal(seen.length, 3);
    for (const s of seen) {
      assert.equal(s.headers["idempotency-key"], "order-42");
      assert.equal(s.body, seen[0]!.body);
    }
    assert.ok(Date.now() - started >= 990, "Retry-After: 1 was not honoured");
  });

  test("Retry-After is capped by maxRetryAfter, and a 429 after the last retry is an error", async () => {
    const capped = new XaalisClient({ baseUrl: base, endpointKey: "k", apiKey: "pk", apiSecret: "sk", maxRetryAfter: 50, maxRetries: 1 });
    answers.push({ status: 429, body: "{}", headers: { "Retry-After": "3600" } });
    answers.push({ status: 429, body: '{"status":429,"error":"Too Many Requests","message":"slow down"}', headers: { "Retry-After": "3600" } });
    const started = Date.now();
    await assert.rejects(capped.status("SVC-AB12CD34"), (e: unknown) => {
      assert.ok(e instanceof XaalisError);
      assert.equal(e.status, 429);
      assert.equal(e.retryable, true);
      assert.equal(e.error?.message, "slow down");
      return true;
    });
    assert.ok(Date.now() - started < 3000);
    assert.equal(seen.length, 2);
  });

  test("gives up after maxRetries with status 0", async () => {
    for (let i = 0; i < 10; i++) {
      answers.push({ status: -1, body: "" });
    }
    await assert.rejects(client.status("SVC-AB12CD34"), (e: unknown) => {
      assert.ok(e instanceof XaalisError);
      assert.equal(e.status, 0);
      assert.equal(e.error, null);
      assert.equal(e.retryable, true);
      assert.match(e.message, /3 attempts/);
      assert.ok(!e.message.includes("sk_test_secret"));
      assert.ok(e.cause !== undefined);
      return true;
    });
    assert.ok(seen.length >= 3 && seen.length <= 6, String(seen.length));
  });

  test("no retry at all with maxRetries 0", async () => {
    const once = new XaalisClient({ baseUrl: base, endpointKey: "k", apiKey: "pk", apiSecret: "sk", maxRetries: 0 });
    answers.push({ status: -1, body: "" });
    await assert.rejects(once.status("SVC-AB12CD34"), /after 1 attempts/);
    assert.equal(seen.length, 1);
  });

  test("a timeout is a network error and is retried", async () => {
    answers.push({ status: 200, body: PAYMENT, delay: 1500 });
    const payment = await client.status("SVC-AB12CD34");
    assert.equal(payment.reference, "SVC-AB12CD34");
    assert.ok(seen.length >= 2);
  });

  test("a server that never answers ends in an error after the retries", async () => {
    const impatient = new XaalisClient({ baseUrl: base, endpointKey: "k", apiKey: "pk", apiSecret: "sk", timeout: 100, retryDelay: 1, maxRetries: 1 });
    answers.push({ status: 200, body: PAYMENT, delay: 400 }, { status: 200, body: PAYMENT, delay: 400 });
    await assert.rejects(impatient.status("SVC-AB12CD34"), (e: unknown) => e instanceof XaalisError && e.status === 0 && /2 attempts.*100 ms/.test(e.message));
  });

  test("errors carry the API error body and are not retried", async () => {
    answers.push({
      status: 400,
      body: JSON.stringify({
        status: 400,
        error: "Bad Request",
        message: "Invalid request",
        timestamp: "2026-11-22T08:42:45.123+00:00",
        errors: { amount: ["must be at least 0.01"] },
      }),
    });
    await assert.rejects(client.initiate({ provider: "WALLET_SN", amount: "0" }), (e: unknown) => {
      assert.ok(e instanceof XaalisError);
      assert.equal(e.status, 400);
      assert.equal(e.retryable, false);
      assert.equal(e.message, "400 Bad Request: Invalid request");
      assert.equal(e.error?.status, 400);
      assert.equal(e.error?.error, "Bad Request");
      assert.equal(e.error?.message, "Invalid request");
      assert.equal(e.error?.timestamp, "2026-11-22T08:42:45.123+00:00");
      assert.deepEqual(e.error?.errors, { amount: ["must be at least 0.01"] });
      return true;
    });
    assert.equal(seen.length, 1);
  });

  test("an error without a JSON body, a redirect and a 2xx that is not JSON", async () => {
    answers.push({ status: 502, body: "<html>Bad gateway</html>" });
    await assert.rejects(client.status("SVC-AB12CD34"), (e: unknown) => {
      assert.ok(e instanceof XaalisError);
      assert.equal(e.status, 502);
      assert.equal(e.retryable, true);
      assert.deepEqual(e.error, { status: 502, error: "HTTP 502", message: "The response carried no error body", timestamp: null, errors: {} });
      return true;
    });
    // Redirects are never followed (the keys would go along).
    answers.push({ status: 302, body: "", headers: { Location: base + "elsewhere" } });
    await assert.rejects(client.status("SVC-AB12CD34"), (e: unknown) => e instanceof XaalisError && e.status === 302);
    answers.push({ status: 200, body: "not json" });
    await assert.rejects(client.status("SVC-AB12CD34"), (e: unknown) => e instanceof XaalisError && e.error?.error === "Invalid response");
    assert.equal(seen.length, 3);
    assert.ok(seen.every((s) => s.path.endsWith("/status/")));
    assert.equal(new XaalisError({ status: 409, error: "Conflict", message: "m", timestamp: null, errors: {} }).retryable, true);
  });

  test("status, list, cancel, refund and simulate use their paths", async () => {
    const status = await client.status("SVC-AB12CD34");
    answers.push({ status: 200, body: '{"data":[' + PAYMENT + "],\"has_more\":true,\"next_cursor\":\"c1\"}" });
    const page = await client.list({ status: "SUCCESS", limit: 5, cursor: "c0" });
    await client.cancel("SVC-AB12CD34");
    await client.refund("SVC-AB12CD34");
    await client.simulate("SVC-AB12CD34", Outcome.FAILED);
    assert.equal(status.reference, "SVC-AB12CD34");
    assert.equal(page.payments.length, 1);
    assert.equal(page.payments[0]!.reference, "SVC-AB12CD34");
    assert.equal(page.hasMore, true);
    assert.equal(page.nextCursor, "c1");
    assert.deepEqual(
      seen.map((s) => s.method + " " + s.path),
      [
        "GET /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/status/",
        "GET /api/v1/abcdefghijklmnop/payments/",
        "POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/cancel/",
        "POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/refund/",
        "POST /api/v1/abcdefghijklmnop/sandbox/payments/SVC-AB12CD34/simulate",
      ],
    );
    assert.equal(seen[1]!.query, "status=SUCCESS&cursor=c0&limit=5");
    assert.equal(seen[4]!.body, '{"outcome":"FAILED"}');
    assert.equal(seen[4]!.headers["content-type"], "application/json");
    assert.equal(seen[0]!.headers["idempotency-key"], undefined);
    assert.equal(seen[1]!.headers["idempotency-key"], undefined);
    const keys = seen.slice(2).map((s) => s.headers["idempotency-key"]);
    assert.ok(keys.every((k) => typeof k === "string" && k.length > 0));
    assert.equal(new Set(keys).size, 3, "each POST gets its own key");
    assert.equal(seen[2]!.body, "");
  });

  test("payWithCode posts the phone and the code and resolves to the payment", async () => {
    answers.push({
      status: 200,
      body: codePayment("SUCCESS", { paid_at: "2026-11-22T08:44:01.500000Z", fee: "23.00", net_amount: "1477.00" }),
    });
    const payment = await client.payWithCode("SVC-AB12CD34", "77 123 45 67", "123456");
    const request = seen[0]!;
    assertKeyedJson(request, "POST", "/payments/SVC-AB12CD34/otp");
    assert.match(String(request.headers["idempotency-key"]), /^[0-9a-f-]{36}$/);
    assert.equal(request.body, '{"customer_phone":"77 123 45 67","otp":"123456"}');

    assert.equal(payment.reference, "SVC-AB12CD34");
    assert.equal(payment.provider, "MOBILEMONEY_SN");
    assert.equal(payment.status, "SUCCESS");
    assert.equal(payment.paidAt?.toISOString(), "2026-11-22T08:44:01.500Z");
    assert.equal(payment.fee, "23.00");
    assert.equal(payment.netAmount, "1477.00");
    assert.equal(payment.isFinal, true);
    assert.ok(Object.isFrozen(payment));

    // Each call its own idempotency key; the reference is one encoded path segment.
    await client.payWithCode("a/b c?d", "+221771234567", "654321");
    assert.equal(seen[1]!.path, "/api/v1/abcdefghijklmnop/payments/a%2Fb%20c%3Fd/otp");
    assert.notEqual(seen[1]!.headers["idempotency-key"], request.headers["idempotency-key"]);
  });

  test("payWithCode resolves to a failure, and to a 202 still processing", async () => {
    answers.push({ status: 200, body: codePayment("FAILED", { error_message: "Insufficient funds" }) });
    const failed = await client.payWithCode("SVC-AB12CD34", "771234567", "111111");
    assert.equal(failed.status, "FAILED");
    assert.equal(failed.errorMessage, "Insufficient funds");
    assert.equal(failed.fee, null);
    assert.equal(failed.netAmount, null);

    // 202: the operator has not answered yet; the webhook or a status read tells the end.
    answers.push({ status: 202, body: codePayment("PROCESSING", {}) });
    const waiting = await client.payWithCode("SVC-AB12CD34", "771234567", "222222");
    assert.equal(waiting.status, "PROCESSING");
    assert.equal(waiting.isFinal, false);
    assert.equal(seen.length, 2);
  });

  test("a refused code is a 400 with its field, never in the message", async () => {
    const error = (status: number, name: string, message: string, errors: Record<string, string[]>) =>
      JSON.stringify({ status, error: name, message, timestamp: "2026-11-22T08:42:45.123+00:00", errors });
    answers.push({ status: 400, body: error(400, "Bad Request", "Invalid request: otp", { otp: ["was refused by the operator: 2 tries left"] }) });
    await assert.rejects(client.payWithCode("SVC-AB12CD34", "77 123 45 67", "918273"), (e: unknown) => {
      assert.ok(e instanceof XaalisError);
      assert.equal(e.status, 400);
      assert.equal(e.retryable, false);
      assert.deepEqual(Object.keys(e.error!.errors), ["otp"]);
      assert.doesNotMatch(e.message, /918273/);
      assert.doesNotMatch(inspect(e), /918273/);
      return true;
    });
    answers.push({ status: 409, body: error(409, "Conflict", "The payment is SUCCESS, not PROCESSING", {}) });
    await assert.rejects(
      client.payWithCode("SVC-AB12CD34", "77 123 45 67", "918273"),
      (e: unknown) => e instanceof XaalisError && e.status === 409 && e.retryable && !/918273/.test(inspect(e)),
    );
    answers.push({ status: 503, body: error(503, "Service Unavailable", "The provider cannot be reached", {}) });
    await assert.rejects(
      client.payWithCode("SVC-AB12CD34", "77 123 45 67", "918273"),
      (e: unknown) => e instanceof XaalisError && e.status === 503 && e.retryable,
    );
    // Errors other than 429 are not retried: the code was sent once per call.
    assert.equal(seen.length, 3);
    // A code must be text (a number would lose its leading zeros); nothing is sent.
    await assert.rejects(client.payWithCode("SVC-AB12CD34", "77 123 45 67", 12345 as never), (e: unknown) => {
      assert.ok(e instanceof TypeError);
      assert.doesNotMatch(e.message, /12345/);
      return true;
    });
    await assert.rejects(client.payWithCode("SVC-AB12CD34", undefined as never, "123456"), TypeError);
    assert.equal(seen.length, 3);
  });

  test("payWithCode retries a 429 and a network error with the same key and body", async () => {
    answers.push({ status: -1, body: "" });
    answers.push({ status: 429, body: "{}", headers: { "Retry-After": "0" } });
    answers.push({ status: 200, body: codePayment("SUCCESS", {}) });
    const payment = await client.payWithCode("SVC-AB12CD34", "77 123 45 67", "123456");
    assert.equal(payment.status, "SUCCESS");
    assert.equal(seen.length, 3);
    assert.equal(new Set(seen.map((s) => s.headers["idempotency-key"])).size, 1);
    assert.ok(seen.every((s) => s.body === '{"customer_phone":"77 123 45 67","otp":"123456"}'));
  });

  test("payWithCode can be cancelled", async () => {
    answers.push({ status: 429, body: "{}", headers: { "Retry-After": "30" } });
    const controller = new AbortController();
    const call = client.payWithCode("SVC-AB12CD34", "77 123 45 67", "123456", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left")), 100);
    await assert.rejects(call, /user left/);
    assert.equal(seen.length, 1);
  });

  test("list: defaults, dates, and the last page", async () => {
    answers.push({ status: 200, body: '{"data":[],"has_more":false,"next_cursor":null}' });
    answers.push({ status: 200, body: '{"data":[],"has_more":false}' });
    const page = await client.list();
    await client.list({ provider: "WALLET_SN", createdFrom: new Date("2026-11-22T00:00:00Z"), createdTo: "2026-11-23T00:00:00Z" });
    assert.deepEqual(page, { payments: [], hasMore: false, nextCursor: null });
    assert.equal(seen[0]!.query, "limit=20");
    assert.equal(
      seen[1]!.query,
      "provider=WALLET_SN&created_from=2026-11-22T00%3A00%3A00.000Z&created_to=2026-11-23T00%3A00%3A00Z&limit=20",
    );
  });

  test("payment links: create, list and deactivate", async () => {
    const LINK = {
      code: "k4m2qx7vbnw3tz5a",
      url: "https://xaalis.example.com/l/k4m2qx7vbnw3tz5a",
      qr_code: "iVBOR",
      environment: "sandbox",
      amount: null,
      min_amount: "1000.00",
      max_amount: "50000.00",
      currency: "XOF",
      description: "Donation to the school canteen",
      providers: ["WALLET_SN", "MOBILEMONEY_SN"],
      single_use: false,
      expires_at: "2026-12-31T23:59:59.000000Z",
      active: true,
      state: "OPEN",
      created_at: "2026-11-22T08:45:00.123456Z",
    };
    answers.push({ status: 201, body: JSON.stringify(LINK) });
    answers.push({ status: 200, body: JSON.stringify({ data: [LINK], has_more: true, next_cursor: "n1" }) });
    answers.push({ status: 200, body: JSON.stringify({ ...LINK, active: false, state: "DEACTIVATED" }) });
    const link = await client.createPaymentLink(
      {
        minAmount: "1000",
        maxAmount: 50000,
        description: "Donation to the school canteen",
        providers: ["WALLET_SN", "MOBILEMONEY_SN"],
        singleUse: false,
        expiresAt: new Date("2026-12-31T23:59:59Z"),
      },
      { idempotencyKey: "link-canteen-2026" },
    );
    const page = await client.listPaymentLinks({ cursor: "c0", limit: 2 });
    const deactivated = await client.deactivatePaymentLink(link.code!);

    assert.deepEqual(link, {
      code: "k4m2qx7vbnw3tz5a",
      url: "https://xaalis.example.com/l/k4m2qx7vbnw3tz5a",
      qrCode: "iVBOR",
      environment: "sandbox",
      amount: null,
      minAmount: "1000.00",
      maxAmount: "50000.00",
      currency: "XOF",
      description: "Donation to the school canteen",
      providers: ["WALLET_SN", "MOBILEMONEY_SN"],
      singleUse: false,
      expiresAt: new Date("2026-12-31T23:59:59Z"),
      active: true,
      state: "OPEN",
      createdAt: new Date("2026-11-22T08:45:00.123Z"),
    });
    assert.deepEqual(page.links, [link]);
    assert.equal(page.hasMore, true);
    assert.equal(page.nextCursor, "n1");
    assert.equal(deactivated.active, false);
    assert.equal(deactivated.state, "DEACTIVATED");
    assert.deepEqual(
      seen.map((s) => s.method + " " + s.path + (s.query ? "?" + s.query : "")),
      [
        "POST /api/v1/abcdefghijklmnop/payment-links/",
        "GET /api/v1/abcdefghijklmnop/payment-links/?cursor=c0&limit=2",
        "POST /api/v1/abcdefghijklmnop/payment-links/k4m2qx7vbnw3tz5a/deactivate/",
      ],
    );
    assert.deepEqual(JSON.parse(seen[0]!.body), {
      min_amount: "1000",
      max_amount: "50000",
      description: "Donation to the school canteen",
      providers: ["WALLET_SN", "MOBILEMONEY_SN"],
      single_use: false,
      expires_at: "2026-12-31T23:59:59.000Z",
    });
    assert.equal(seen[0]!.headers["idempotency-key"], "link-canteen-2026");
    assert.equal(seen[0]!.headers["content-type"], "application/json");
    assert.match(String(seen[2]!.headers["idempotency-key"]), /^[0-9a-f-]{36}$/);
    assert.equal(seen[2]!.body, "");
    assert.equal(seen[1]!.headers["idempotency-key"], undefined);
  });

  test("a fixed-amount link sends only what is set", async () => {
    answers.push({ status: 201, body: "{}" });
    const link = await client.createPaymentLink({ amount: "2500", singleUse: true });
    assert.deepEqual(JSON.parse(seen[0]!.body), { amount: "2500", single_use: true });
    assert.deepEqual(link.providers, []);
    assert.equal(link.code, null);
    assert.equal(link.active, false);
    await assert.rejects(client.createPaymentLink({ amount: "25,00" }), RangeError);
    assert.equal(seen.length, 1);
  });

  test("a reference is one path segment", async () => {
    await client.status("a/b c?d");
    assert.equal(seen[0]!.path, "/api/v1/abcdefghijklmnop/payments/a%2Fb%20c%3Fd/status/");
  });

  test("simulate refuses an unknown outcome", async () => {
    await assert.rejects(client.simulate("SVC-AB12CD34", "PAID" as never), TypeError);
    assert.equal(seen.length, 0);
  });

  test("a call can be cancelled, even while it waits to retry", async () => {
    answers.push({ status: 429, body: "{}", headers: { "Retry-After": "30" } });
    const controller = new AbortController();
    const call = client.status("SVC-AB12CD34", { signal: controller.signal });
    setTimeout(() => controller.abort(new Error("user left")), 100);
    await assert.rejects(call, /user left/);
    assert.equal(seen.length, 1);
  });

  test("fromEnvironment names the missing variable and the client never shows its secret", () => {
    assert.throws(() => XaalisClient.fromEnvironment({ XAALIS_BASE_URL: "http://x" }), /XAALIS_ENDPOINT_KEY/);
    assert.throws(() => XaalisClient.fromEnvironment({ XAALIS_BASE_URL: "http://x", XAALIS_ENDPOINT_KEY: "k", XAALIS_API_KEY: "pk", XAALIS_API_SECRET: " " }), /XAALIS_API_SECRET/);
    const fromEnv = XaalisClient.fromEnvironment({
      XAALIS_BASE_URL: "http://x",
      XAALIS_ENDPOINT_KEY: "k",
      XAALIS_API_KEY: "pk_test_a",
      XAALIS_API_SECRET: "sk_test_b",
    });
    for (const shown of [String(fromEnv), JSON.stringify({ fromEnv }), inspect(fromEnv, { showHidden: true, depth: 5 })]) {
      assert.ok(!shown.includes("sk_test_b"), shown);
      assert.ok(shown.includes("pk_test_a"), shown);
    }
  });

  test("fromEnvironment reads process.env by default", () => {
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { XAALIS_BASE_URL: base, XAALIS_ENDPOINT_KEY: "k", XAALIS_API_KEY: "pk", XAALIS_API_SECRET: "sk" });
      assert.ok(XaalisClient.fromEnvironment({ ...process.env }, { maxRetries: 0 }) instanceof XaalisClient);
      assert.ok(XaalisClient.fromEnvironment() instanceof XaalisClient);
    } finally {
      for (const name of ["XAALIS_BASE_URL", "XAALIS_ENDPOINT_KEY", "XAALIS_API_KEY", "XAALIS_API_SECRET"]) {
        if (saved[name] === undefined) {
          delete process.env[name];
        } else {
          process.env[name] = saved[name];
        }
      }
    }
  });

  test("refuses unusable configuration", () => {
    const good = { baseUrl: "http://x", endpointKey: "k", apiKey: "pk", apiSecret: "sk" };
    for (const name of ["baseUrl", "endpointKey", "apiKey", "apiSecret"] as const) {
      assert.throws(() => new XaalisClient({ ...good, [name]: "" }), new RegExp(name + " is required"));
    }
    assert.throws(() => new XaalisClient({ ...good, maxRetries: -1 }), RangeError);
    // A key a header cannot carry is refused at once, without quoting it.
    for (const apiSecret of ["sk_test_secret\r", "sk test", "sk_tést"]) {
      assert.throws(
        () => new XaalisClient({ ...good, apiSecret }),
        (e: unknown) => e instanceof TypeError && /apiSecret/.test(e.message) && !e.message.includes("sk"),
      );
    }
    assert.throws(() => new XaalisClient({ ...good, timeout: Number.NaN }), RangeError);
  });

  const PAYOUT = JSON.stringify({
    reference: "OUT-4KQ7ZP2M",
    provider: "WALLET_SN",
    environment: "sandbox",
    amount: "5000.00",
    fee: null,
    currency: "XOF",
    recipient_phone: "+221771234567",
    recipient_name: "Awa Diop",
    reason: "Commission novembre",
    status: "PROCESSING",
    failure_code: null,
    failure_reason: null,
    metadata: { staff_id: "S-12" },
    created_at: "2026-11-28T09:15:02.118000Z",
    updated_at: "2026-11-28T09:15:02.118000Z",
    settled_at: null,
  });

  test("createPayout sends the API fields in order with the caller's key and maps the payout", async () => {
    answers.push({ status: 201, body: PAYOUT });
    const payout = await client.createPayout(
      {
        provider: "WALLET_SN",
        amount: "5000",
        recipientPhone: "+221771234567",
        recipientName: "Awa Diop",
        reason: "Commission novembre",
        metadata: { staff_id: "S-12" },
      },
      "payout-S-12-2026-11",
    );
    const request = seen[0]!;
    assertKeyedJson(request, "POST", "/payouts/");
    assert.equal(request.headers["idempotency-key"], "payout-S-12-2026-11");
    assert.equal(
      request.body,
      '{"provider":"WALLET_SN","amount":"5000","recipient_phone":"+221771234567",' +
        '"recipient_name":"Awa Diop","reason":"Commission novembre","metadata":{"staff_id":"S-12"}}',
    );
    assert.deepEqual(
      { ...payout },
      {
        reference: "OUT-4KQ7ZP2M",
        provider: "WALLET_SN",
        environment: "sandbox",
        amount: "5000.00",
        fee: null,
        currency: "XOF",
        recipientPhone: "+221771234567",
        recipientName: "Awa Diop",
        reason: "Commission novembre",
        status: "PROCESSING",
        failureCode: null,
        failureReason: null,
        metadata: { staff_id: "S-12" },
        createdAt: new Date("2026-11-28T09:15:02.118Z"),
        updatedAt: new Date("2026-11-28T09:15:02.118Z"),
        settledAt: null,
      },
    );
    assert.ok(Object.isFrozen(payout));
  });

  test("createPayout sends only the required fields and needs the caller's key, without calling", async () => {
    answers.push({ status: 201, body: PAYOUT });
    await client.createPayout({ provider: "MOBILEMONEY_SN", amount: 2500, recipientPhone: "+221761234567" }, "k-1");
    assert.equal(seen[0]!.body, '{"provider":"MOBILEMONEY_SN","amount":"2500","recipient_phone":"+221761234567"}');
    const request = { provider: "WALLET_SN", amount: "5000", recipientPhone: "+221771234567" };
    for (const key of [undefined, null, "", "  ", 42]) {
      await assert.rejects(
        client.createPayout(request, key as unknown as string),
        (e: unknown) => e instanceof TypeError && /idempotencyKey/.test(e.message),
      );
    }
    await assert.rejects(
      client.createPayout({ provider: "WALLET_SN", amount: "5000" } as never, "k-2"),
      (e: unknown) => e instanceof TypeError && /recipientPhone/.test(e.message),
    );
    await assert.rejects(client.createPayout({ ...request, amount: "5 000" }, "k-3"), RangeError);
    assert.equal(seen.length, 1);
  });

  test("createPayout retries a network error and a 429 with the same key and body", async () => {
    answers.push({ status: -1, body: "" });
    answers.push({ status: 429, body: '{"status":429}', headers: { "Retry-After": "0" } });
    answers.push({ status: 201, body: PAYOUT });
    const payout = await client.createPayout({ provider: "WALLET_SN", amount: "5000", recipientPhone: "+221771234567" }, "k-retry");
    assert.equal(payout.reference, "OUT-4KQ7ZP2M");
    assert.equal(seen.length, 3);
    for (const s of seen) {
      assert.equal(s.headers["idempotency-key"], "k-retry");
      assert.equal(s.body, seen[0]!.body);
    }
  });

  test("payout errors carry the API error body and are not retried", async () => {
    answers.push({
      status: 403,
      body: JSON.stringify({ status: 403, error: "Forbidden", message: "Payouts are turned off for this application" }),
    });
    answers.push({
      status: 400,
      body: JSON.stringify({
        status: 400,
        error: "Bad Request",
        message: "Invalid request",
        errors: { recipient_phone: ["must be +221 and a mobile number"] },
      }),
    });
    answers.push({ status: 422, body: JSON.stringify({ status: 422, error: "Unprocessable Entity", message: "another body" }) });
    answers.push({ status: 404, body: JSON.stringify({ status: 404, error: "Not Found", message: "No such payout" }) });
    const statuses: number[] = [];
    const calls = [
      () => client.createPayout({ provider: "WALLET_SN", amount: "5000", recipientPhone: "+221771234567" }, "k-off"),
      () => client.createPayout({ provider: "WALLET_SN", amount: "5000", recipientPhone: "+33612345678" }, "k-bad"),
      () => client.createPayout({ provider: "WALLET_SN", amount: "5001", recipientPhone: "+221771234567" }, "k-bad"),
      () => client.readPayout("OUT-NOPE0000"),
    ];
    for (const call of calls) {
      await assert.rejects(call(), (e: unknown) => {
        assert.ok(e instanceof XaalisError);
        assert.equal(e.retryable, false);
        statuses.push(e.status);
        if (e.status === 403) {
          assert.match(e.error?.message ?? "", /turned off/);
        }
        if (e.status === 400) {
          assert.deepEqual(e.error?.errors, { recipient_phone: ["must be +221 and a mobile number"] });
        }
        return true;
      });
    }
    assert.deepEqual(statuses, [403, 400, 422, 404]);
    assert.equal(seen.length, 4);
  });

  test("readPayout and listPayouts use their paths and filters", async () => {
    answers.push({ status: 200, body: PAYOUT.replace('"PROCESSING"', '"SUCCESS"').replace('"fee":null', '"fee":"50.00"') });
    const payout = await client.readPayout("OUT-4KQ7ZP2M");
    assert.equal(payout.status, "SUCCESS");
    assert.equal(payout.fee, "50.00");
    answers.push({ status: 200, body: '{"data":[' + PAYOUT + "," + PAYOUT + '],"has_more":true,"next_cursor":"c1"}' });
    const page = await client.listPayouts({
      status: "FAILED",
      provider: "WALLET_SN",
      createdFrom: new Date("2026-11-01T00:00:00Z"),
      createdTo: "2026-12-01T00:00:00Z",
      cursor: "c0",
      limit: 2,
    });
    assert.equal(page.payouts.length, 2);
    assert.equal(page.payouts[0]!.reference, "OUT-4KQ7ZP2M");
    assert.equal(page.hasMore, true);
    assert.equal(page.nextCursor, "c1");
    answers.push({ status: 200, body: '{"data":[],"has_more":false,"next_cursor":null}' });
    const last = await client.listPayouts();
    assert.deepEqual(last.payouts, []);
    assert.equal(last.nextCursor, null);
    assert.deepEqual(
      seen.map((s) => s.method + " " + s.path),
      [
        "GET /api/v1/abcdefghijklmnop/payouts/OUT-4KQ7ZP2M/",
        "GET /api/v1/abcdefghijklmnop/payouts/",
        "GET /api/v1/abcdefghijklmnop/payouts/",
      ],
    );
    assert.equal(
      seen[1]!.query,
      "status=FAILED&provider=WALLET_SN&created_from=2026-11-01T00%3A00%3A00.000Z" +
        "&created_to=2026-12-01T00%3A00%3A00Z&cursor=c0&limit=2",
    );
    assert.equal(seen[2]!.query, "limit=20");
    for (const s of seen) {
      assert.equal(s.headers["idempotency-key"], undefined);
    }
  });
  test("balance and listBalanceTransactions use their paths and read their fields", async () => {
    answers.push({ status: 200, body: '{"environment":"sandbox","currency":"XOF","available":"14770.00","pending":"1477.00"}' });
    const balance = await client.balance();
    assert.deepEqual({ ...balance }, { environment: "sandbox", currency: "XOF", available: "14770.00", pending: "1477.00" });
    assert.ok(Object.isFrozen(balance));
    answers.push({
      status: 200,
      body: JSON.stringify({
        data: [
          { id: "019ab1c3", type: "refund", amount: "-1000.00", fee: "0.00", net: "-1000.00", reference: "SVC-Q4ZP81MD", created_at: "2026-11-23T10:02:11.000000Z", available_on: null },
          { id: "019ab1c2", type: "payment", amount: "1500.00", fee: "23.00", net: "1477.00", reference: "SVC-7K2M9QXA", created_at: "2026-11-22T08:45:00.123456Z", available_on: "2026-11-23" },
          { id: "019ab1c1", type: "adjustment", amount: "500.00", fee: "0.00", net: "500.00", reference: "019ab1c1", created_at: "2026-11-21T09:00:00.000000Z", available_on: null, description: "Geste commercial" },
        ],
        has_more: true,
        next_cursor: "c1",
      }),
    });
    const page = await client.listBalanceTransactions({ cursor: "c0", limit: 2 });
    assert.equal(page.hasMore, true);
    assert.equal(page.nextCursor, "c1");
    assert.deepEqual(
      page.transactions.map((t) => ({ ...t })),
      [
        { id: "019ab1c3", type: "refund", amount: "-1000.00", fee: "0.00", net: "-1000.00", reference: "SVC-Q4ZP81MD", createdAt: new Date("2026-11-23T10:02:11Z"), availableOn: null, description: null },
        { id: "019ab1c2", type: "payment", amount: "1500.00", fee: "23.00", net: "1477.00", reference: "SVC-7K2M9QXA", createdAt: new Date("2026-11-22T08:45:00.123Z"), availableOn: "2026-11-23", description: null },
        { id: "019ab1c1", type: "adjustment", amount: "500.00", fee: "0.00", net: "500.00", reference: "019ab1c1", createdAt: new Date("2026-11-21T09:00:00Z"), availableOn: null, description: "Geste commercial" },
      ],
    );
    answers.push({ status: 200, body: '{"data":[],"has_more":false,"next_cursor":null}' });
    assert.deepEqual((await client.listBalanceTransactions()).transactions, []);
    assert.deepEqual(
      seen.map((s) => s.method + " " + s.path + " " + s.query),
      [
        "GET /api/v1/abcdefghijklmnop/balance/ null",
        "GET /api/v1/abcdefghijklmnop/balance/transactions/ cursor=c0&limit=2",
        "GET /api/v1/abcdefghijklmnop/balance/transactions/ limit=20",
      ],
    );
    for (const s of seen) {
      assert.equal(s.headers["idempotency-key"], undefined);
    }
  });

  const SETTLEMENT = JSON.stringify({
    id: "019ad0a4-2d25-7e47-8ab9-12e6c632952b",
    reference: "STL-4KQ7ZP2M",
    environment: "sandbox",
    amount: "4500.00",
    currency: "XOF",
    provider: "WALLET_SN",
    destination: "+221 77 *** ** 67",
    status: "PROCESSING",
    payout_reference: "OUT-TO0UE0ED",
    origin: "api",
    failure_code: null,
    failure_reason: null,
    created_at: "2026-11-28T09:15:02.118000Z",
    updated_at: "2026-11-28T09:15:02.118000Z",
  });

  test("createSettlement sends the amount under the caller's key, or a fresh one kept across retries", async () => {
    answers.push({ status: 201, body: SETTLEMENT });
    const settlement = await client.createSettlement({ amount: "4500" }, "settle-2026-11-28");
    assertKeyedJson(seen[0]!, "POST", "/settlements/");
    assert.equal(seen[0]!.headers["idempotency-key"], "settle-2026-11-28");
    assert.equal(seen[0]!.body, '{"amount":"4500"}');
    assert.deepEqual(
      { ...settlement },
      {
        id: "019ad0a4-2d25-7e47-8ab9-12e6c632952b",
        reference: "STL-4KQ7ZP2M",
        environment: "sandbox",
        amount: "4500.00",
        currency: "XOF",
        provider: "WALLET_SN",
        destination: "+221 77 *** ** 67",
        status: "PROCESSING",
        payoutReference: "OUT-TO0UE0ED",
        origin: "api",
        failureCode: null,
        failureReason: null,
        createdAt: new Date("2026-11-28T09:15:02.118Z"),
        updatedAt: new Date("2026-11-28T09:15:02.118Z"),
      },
    );
    assert.ok(Object.isFrozen(settlement));

    answers.push({ status: -1, body: "" });
    answers.push({ status: 429, body: '{"status":429}', headers: { "Retry-After": "0" } });
    answers.push({ status: 201, body: SETTLEMENT });
    await client.createSettlement();
    const retried = seen.slice(1);
    assert.equal(retried.length, 3);
    const key = String(retried[0]!.headers["idempotency-key"]);
    assert.match(key, /^[0-9a-f-]{36}$/);
    for (const s of retried) {
      assert.equal(s.headers["idempotency-key"], key);
      assert.equal(s.body, "{}");
    }
    for (const bad of ["", "  ", 42]) {
      await assert.rejects(
        client.createSettlement({}, bad as unknown as string),
        (e: unknown) => e instanceof TypeError && /idempotencyKey/.test(e.message),
      );
    }
    await assert.rejects(client.createSettlement({ amount: "4 500" }, "k-bad"), RangeError);
    assert.equal(seen.length, 4);
  });

  test("a settlement the balance cannot cover is a 409", async () => {
    answers.push({
      status: 409,
      body: JSON.stringify({ status: 409, error: "Conflict", message: "The available balance does not cover 4500 XOF" }),
    });
    await assert.rejects(client.createSettlement({ amount: 4500 }, "k-big"), (e: unknown) => {
      assert.ok(e instanceof XaalisError);
      assert.equal(e.status, 409);
      assert.match(e.error?.message ?? "", /does not cover/);
      return true;
    });
    assert.equal(seen.length, 1);
  });

  test("readSettlement and listSettlements use their paths", async () => {
    answers.push({ status: 200, body: SETTLEMENT.replace('"PROCESSING"', '"PAID"') });
    assert.equal((await client.readSettlement("019ad0a4-2d25-7e47-8ab9-12e6c632952b")).status, "PAID");
    answers.push({ status: 200, body: '{"data":[' + SETTLEMENT + '],"has_more":true,"next_cursor":"c1"}' });
    const page = await client.listSettlements({ limit: 1 });
    assert.deepEqual(page.settlements.map((s) => s.reference), ["STL-4KQ7ZP2M"]);
    assert.equal(page.hasMore, true);
    answers.push({ status: 200, body: '{"data":[],"has_more":false,"next_cursor":null}' });
    assert.equal((await client.listSettlements({ limit: 1, cursor: page.nextCursor! })).nextCursor, null);
    assert.deepEqual(
      seen.map((s) => s.method + " " + s.path + " " + s.query),
      [
        "GET /api/v1/abcdefghijklmnop/settlements/019ad0a4-2d25-7e47-8ab9-12e6c632952b/ null",
        "GET /api/v1/abcdefghijklmnop/settlements/ limit=1",
        "GET /api/v1/abcdefghijklmnop/settlements/ cursor=c1&limit=1",
      ],
    );
  });

  test("initiate, createPaymentLink and listPaymentLinks take their siblings' arguments; the deprecated objects still work", async () => {
    const LINK = '{"code":"k4m2qx7vbnw3tz5a","providers":[],"single_use":false,"active":true}';
    const PAGE = '{"data":[],"has_more":false,"next_cursor":null}';
    const request = { provider: "WALLET_SN", amount: "1500" } as const;
    await client.initiate(request, "order-44", { signal: new AbortController().signal });
    await client.initiate(request, { idempotencyKey: "order-44" });
    answers.push({ status: 201, body: LINK }, { status: 201, body: LINK }, { status: 200, body: PAGE });
    answers.push({ status: 200, body: PAGE }, { status: 200, body: PAGE });
    await client.createPaymentLink({ amount: "2500" }, "link-1");
    await client.createPaymentLink({ amount: "2500" }, { idempotencyKey: "link-1" });
    await client.listPaymentLinks("c0", 2);
    await client.listPaymentLinks({ cursor: "c0", limit: 2 });
    await client.listPaymentLinks();
    assert.deepEqual(
      seen.map((s) => s.path.replace("/api/v1/abcdefghijklmnop", "") + " " + s.query + " " + s.headers["idempotency-key"]),
      [
        "/payments/initiate/ null order-44",
        "/payments/initiate/ null order-44",
        "/payment-links/ null link-1",
        "/payment-links/ null link-1",
        "/payment-links/ cursor=c0&limit=2 undefined",
        "/payment-links/ cursor=c0&limit=2 undefined",
        "/payment-links/ limit=20 undefined",
      ],
    );
    assert.equal(seen[0]!.body, seen[1]!.body);
  });
});
