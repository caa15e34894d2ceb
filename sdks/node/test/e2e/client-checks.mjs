// Part of the end-to-end test (server/src/test/java/sn/xaalis/sdks/NodeLibraryIT.java), which runs it
// against a running Xaalis once a payment of 1500 for order o-42 has succeeded:
//
//   XAALIS_BASE_URL=… XAALIS_ENDPOINT_KEY=… XAALIS_API_KEY=… XAALIS_API_SECRET=… node test/e2e/client-checks.mjs SVC-…
//
// It checks the rest of the client against the real API (status, list, the typed error, cancel's
// conflict, payment links) and ends by refunding the payment, whose notification the receiver applies.
import assert from "node:assert/strict";
import { sameAmount, XaalisClient, XaalisError } from "@xaalis/sdk";

const reference = process.argv[2];
assert.ok(reference, "usage: node test/e2e/client-checks.mjs <reference>");
const xaalis = XaalisClient.fromEnvironment();

const status = await xaalis.status(reference);
assert.equal(status.status, "SUCCESS");
assert.ok(sameAmount(status.amount, "1500"));
assert.equal(status.metadata.order_id, "o-42");
assert.ok(status.paidAt instanceof Date && !Number.isNaN(status.paidAt.getTime()));
assert.equal(status.isFinal, true);

const page = await xaalis.list({ status: "SUCCESS", createdFrom: new Date(Date.now() - 3_600_000), limit: 10 });
assert.deepEqual(page.payments.map((p) => p.reference), [reference]);
assert.equal(page.hasMore, false);
assert.equal((await xaalis.list({ status: "FAILED" })).payments.length, 0);

await assert.rejects(xaalis.initiate({ provider: "MOBILEMONEY_SN", amount: "1500.50" }), (e) => {
  assert.ok(e instanceof XaalisError, String(e));
  assert.equal(e.status, 400);
  assert.equal(e.retryable, false);
  assert.ok(e.error.errors.amount?.length > 0, JSON.stringify(e.error));
  assert.match(e.error.timestamp, /[+-]\d\d:\d\d$/);
  return true;
});

await assert.rejects(xaalis.cancel(reference), (e) => e instanceof XaalisError && e.status === 409 && e.retryable);


// Payment links: create one, find it in the list, deactivate it; a bad range names its field.
const link = await xaalis.createPaymentLink(
  { amount: "2500", description: "Thiéboudienne x2", providers: ["WALLET_SN"], singleUse: true, expiresAt: new Date(Date.now() + 86_400_000) },
  { idempotencyKey: `link-${reference}` },
);
assert.match(link.code, /^[a-z2-7]{16}$/);
assert.ok(link.url.endsWith("/l/" + link.code), link.url);
assert.ok(link.qrCode.length > 100);
assert.equal(link.amount, "2500.00");
assert.equal(link.minAmount, null);
assert.deepEqual(link.providers, ["WALLET_SN"]);
assert.equal(link.singleUse, true);
assert.equal(link.active, true);
assert.equal(link.state, "OPEN");
assert.ok(link.expiresAt > new Date());
const again = await xaalis.createPaymentLink(
  { amount: "2500", description: "Thiéboudienne x2", providers: ["WALLET_SN"], singleUse: true, expiresAt: link.expiresAt },
  { idempotencyKey: `link-${reference}-2` },
);
const links = await xaalis.listPaymentLinks({ limit: 1 });
assert.deepEqual(links.links.map((l) => l.code), [again.code]);
assert.equal(links.hasMore, true);
const next = await xaalis.listPaymentLinks({ limit: 1, cursor: links.nextCursor });
assert.deepEqual(next.links.map((l) => l.code), [link.code]);
const deactivated = await xaalis.deactivatePaymentLink(link.code);
assert.equal(deactivated.active, false);
assert.equal(deactivated.state, "DEACTIVATED");
await assert.rejects(xaalis.createPaymentLink({ minAmount: "5000", maxAmount: "1000" }), (e) => {
  assert.ok(e instanceof XaalisError && e.status === 400, String(e));
  assert.ok(e.error.errors.max_amount?.length > 0, JSON.stringify(e.error));
  return true;
});
await assert.rejects(xaalis.deactivatePaymentLink("aaaaaaaaaaaaaaaa"), (e) => e instanceof XaalisError && e.status === 404);

// Last, the refund, whose transaction.refunded notification the receiver applies.
const refunded = await xaalis.refund(reference);
assert.equal(refunded.status, "REFUNDED");
console.log(JSON.stringify({ checked: reference, status: refunded.status, links: [link.code, again.code] }));
