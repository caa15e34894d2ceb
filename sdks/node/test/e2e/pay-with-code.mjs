// Part of the end-to-end test (server/src/test/java/sn/xaalis/sdks/NodeLibraryIT.java), which runs it
// against a running Xaalis with sandbox keys:
//
//   XAALIS_BASE_URL=… XAALIS_ENDPOINT_KEY=… XAALIS_API_KEY=… XAALIS_API_SECRET=… node test/e2e/pay-with-code.mjs
//
// It starts two MOBILEMONEY_SN payments of 4500 and completes them with payWithCode: the sandbox's
// paying code 123456 succeeds, its wrong code 000000 is a 400 on otp and leaves the payment PROCESSING.
import assert from "node:assert/strict";
import { inspect } from "node:util";
import { XaalisClient, XaalisError } from "@xaalis/sdk";

const xaalis = XaalisClient.fromEnvironment();

// Numbers of this script only: the server counts codes per number.
const payment = await xaalis.initiate({ provider: "MOBILEMONEY_SN", amount: "4500" });
assert.equal(payment.status, "PROCESSING");
const paid = await xaalis.payWithCode(payment.reference, "77 103 00 01", "123456");
assert.equal(paid.reference, payment.reference);
assert.equal(paid.provider, "MOBILEMONEY_SN");
assert.equal(paid.status, "SUCCESS");
assert.equal(paid.amount, "4500.00");
assert.ok(paid.paidAt instanceof Date && !Number.isNaN(paid.paidAt.getTime()));
assert.equal(paid.isFinal, true);
assert.equal((await xaalis.status(payment.reference)).status, "SUCCESS");

const other = await xaalis.initiate({ provider: "MOBILEMONEY_SN", amount: "4500" });
let refused = null;
await assert.rejects(xaalis.payWithCode(other.reference, "+221 77 103 00 02", "000000"), (e) => {
  assert.ok(e instanceof XaalisError, String(e));
  assert.equal(e.status, 400);
  assert.equal(e.retryable, false);
  assert.ok(e.error.errors.otp?.length > 0, JSON.stringify(e.error));
  assert.doesNotMatch(e.message, /000000/);
  assert.doesNotMatch(inspect(e), /000000/);
  refused = { status: e.status, fields: Object.keys(e.error.errors) };
  return true;
});
const stillProcessing = await xaalis.status(other.reference);
assert.equal(stillProcessing.status, "PROCESSING");

console.log(
  JSON.stringify({
    paid: { reference: paid.reference, status: paid.status, amount: paid.amount },
    refused: { ...refused, reference: other.reference, status_after: stillProcessing.status },
  }),
);
