// Part of the end-to-end test (server/src/test/java/sn/xaalis/sdks/NodeLibraryIT.java): the balance and
// settlements through the library against a running Xaalis whose sandbox application has an available
// balance and a settlement number. Reads the balance, settles part of it (a replay, refusals), then the
// rest under a key of the library's own, and reads the settlements and the balance's transactions back.
//
//   XAALIS_BASE_URL=… XAALIS_ENDPOINT_KEY=… XAALIS_API_KEY=… XAALIS_API_SECRET=… node test/e2e/settlements.mjs
//
// Prints one JSON object last, as the other libraries' scripts do (LibrarySettlements checks it).
import { XaalisClient, XaalisError } from "@xaalis/sdk";

const balanceJson = (b) => ({ environment: b.environment, currency: b.currency, available: b.available, pending: b.pending });

const settlementJson = (s) => ({
  id: s.id,
  reference: s.reference,
  environment: s.environment,
  amount: s.amount,
  currency: s.currency,
  provider: s.provider,
  destination: s.destination,
  status: s.status,
  payout_reference: s.payoutReference,
  origin: s.origin,
  failure_code: s.failureCode,
  has_times: s.createdAt instanceof Date && s.updatedAt instanceof Date,
});

async function refusal(call) {
  try {
    await call();
  } catch (e) {
    if (e instanceof XaalisError) {
      return { status: e.status, retryable: e.retryable };
    }
    throw e;
  }
  return null;
}

const xaalis = XaalisClient.fromEnvironment();
const before = await xaalis.balance();
const created = await xaalis.createSettlement({ amount: "1000" }, "node-settle-1");
const replayed = await xaalis.createSettlement({ amount: "1000" }, "node-settle-1");
const report = {
  balance_before: balanceJson(before),
  created: settlementJson(created),
  replayed_id: replayed.id,
  conflict: await refusal(() => xaalis.createSettlement({ amount: "500" }, "node-settle-1")),
  too_much: await refusal(() => xaalis.createSettlement({ amount: "100000" }, "node-settle-big")),
};
// All the rest, under a key the library makes.
report.rest = settlementJson(await xaalis.createSettlement());
report.balance_after = balanceJson(await xaalis.balance());
report.read = settlementJson(await xaalis.readSettlement(created.id));
const first = await xaalis.listSettlements({ limit: 1 });
const second = await xaalis.listSettlements({ limit: 1, cursor: first.nextCursor });
report.settlement_pages = [
  { ids: first.settlements.map((s) => s.id), has_more: first.hasMore },
  { ids: second.settlements.map((s) => s.id), has_more: second.hasMore },
];
const page = await xaalis.listBalanceTransactions({ limit: 2 });
const next = await xaalis.listBalanceTransactions({ limit: 2, cursor: page.nextCursor });
report.first_transactions = { size: page.transactions.length, has_more: page.hasMore };
report.transactions = [...page.transactions, ...next.transactions].map((t) => ({
  id: t.id,
  type: t.type,
  amount: t.amount,
  fee: t.fee,
  net: t.net,
  reference: t.reference,
  has_created_at: t.createdAt instanceof Date,
  available_on: t.availableOn,
}));
report.unknown = await refusal(() => xaalis.readSettlement("019ad0a4-2d25-7e47-8ab9-000000000000"));
console.log(JSON.stringify(report));
