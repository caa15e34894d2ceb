// Part of the end-to-end test (server/src/test/java/sn/xaalis/sdks/NodeLibraryIT.java): payouts through
// the library against a running Xaalis whose application has payouts turned on.
//
//   XAALIS_BASE_URL=… XAALIS_ENDPOINT_KEY=… XAALIS_API_KEY=… XAALIS_API_SECRET=… node test/e2e/payouts.mjs create
//       three sandbox payouts (success, failure, reversal), a replay under the same key, refusals
//   … node test/e2e/payouts.mjs read OUT-… OUT-… OUT-…
//       each payout read back, and the lists
//   XAALIS_API_SECRET=… PORT=… EVENTS_FILE=… node test/e2e/payouts.mjs receive
//       a receiver verifying each notification with the library's WebhookVerifier, one JSON line per
//       event in EVENTS_FILE
//
// The client modes print one JSON object last, as the other libraries' scripts do.
import { appendFileSync } from "node:fs";
import { createServer } from "node:http";
import { WebhookVerificationError, WebhookVerifier, XaalisClient, XaalisError } from "@xaalis/sdk";

const SUCCESS = "+221771234567";
const FAILS = "+221700000011";
const REVERSED = "+221700000012";

function request(recipientPhone) {
  return {
    provider: "WALLET_SN",
    amount: "5000",
    recipientPhone,
    recipientName: "Awa Diop",
    reason: "Commission",
    metadata: { staff_id: "S-12" },
  };
}

function payoutJson(payout) {
  return {
    reference: payout.reference,
    status: payout.status,
    amount: payout.amount,
    fee: payout.fee,
    recipient_phone: payout.recipientPhone,
    failure_code: payout.failureCode,
    metadata: payout.metadata,
  };
}

async function refusal(call) {
  try {
    await call();
  } catch (e) {
    if (e instanceof XaalisError) {
      return { status: e.status, retryable: e.retryable, fields: Object.keys(e.error?.errors ?? {}).sort() };
    }
    if (e instanceof TypeError) {
      return { status: 0, raised: e.name };
    }
    throw e;
  }
  return null;
}

async function create(xaalis) {
  const success = await xaalis.createPayout(request(SUCCESS), "node-payout-success");
  const replayed = await xaalis.createPayout(request(SUCCESS), "node-payout-success");
  const failed = await xaalis.createPayout(request(FAILS), "node-payout-failed");
  const reversed = await xaalis.createPayout(request(REVERSED), "node-payout-reversed");
  return {
    success: payoutJson(success),
    failed: payoutJson(failed),
    reversed: payoutJson(reversed),
    replayed_reference: replayed.reference,
    // Another body under a key already used: refused, nothing sent.
    conflict: await refusal(() => xaalis.createPayout(request("+221761234567"), "node-payout-success")),
    // No key: refused by the library before any call.
    missing_key: await refusal(() => xaalis.createPayout(request(SUCCESS))),
    unknown: await refusal(() => xaalis.readPayout("OUT-ZZZZZZZZ")),
  };
}

async function read(xaalis, references) {
  const read = {};
  for (const reference of references) {
    read[reference] = payoutJson(await xaalis.readPayout(reference));
  }
  const first = await xaalis.listPayouts({ limit: 1 });
  const second = await xaalis.listPayouts({ limit: 1, cursor: first.nextCursor ?? undefined });
  return {
    read,
    listed: (await xaalis.listPayouts({ limit: 100 })).payouts.map((p) => p.reference),
    listed_failed: (await xaalis.listPayouts({ status: "FAILED" })).payouts.map((p) => p.reference),
    first_page: { size: first.payouts.length, has_more: first.hasMore, cursor: first.nextCursor !== null },
    second_page_other: second.payouts.length > 0 && second.payouts[0].reference !== first.payouts[0].reference,
  };
}

function receive() {
  const verifier = new WebhookVerifier(process.env.XAALIS_API_SECRET);
  const events = process.env.EVENTS_FILE;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (chunk) => chunks.push(chunk));
    req.on("end", () => {
      let event;
      try {
        event = verifier.verify(Buffer.concat(chunks), req.headers["x-svc-signature"]);
      } catch (e) {
        if (e instanceof WebhookVerificationError) {
          console.log("Refused a notification: " + e.reason);
          res.writeHead(401).end();
          return;
        }
        throw e;
      }
      const payout = event.payout;
      const line = {
        id: event.id,
        event: event.event,
        reference: event.reference,
        status: event.status,
        is_payout: payout !== null,
        payout: payout === null ? null : payoutJson(payout),
      };
      appendFileSync(events, JSON.stringify(line) + "\n");
      res.writeHead(200).end();
    });
  });
  server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1", () => {
    console.log("Listening on port " + server.address().port);
  });
}

const [mode, ...rest] = process.argv.slice(2);
if (mode === "receive") {
  receive();
} else {
  const xaalis = XaalisClient.fromEnvironment();
  const result = mode === "create" ? await create(xaalis) : await read(xaalis, rest);
  console.log(JSON.stringify(result));
}
