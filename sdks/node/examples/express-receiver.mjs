// A merchant's Xaalis webhook endpoint on Express: verify the signature over the raw body, deduplicate
// on the notification id, check the amount against the order before changing it, and answer quickly.
//
//   XAALIS_API_SECRET=sk_test_… PORT=8081 ORDERS_FILE=orders.json node examples/express-receiver.mjs
//
// then set the application's webhook URL to https://<this host>/webhooks/xaalis.
import express from "express";
import { SIGNATURE_HEADER, WebhookVerificationError, WebhookVerifier } from "@xaalis/sdk";
import { OrderStore } from "./orders.mjs";

const secret = process.env.XAALIS_API_SECRET;
if (!secret) {
  console.error("Set XAALIS_API_SECRET to the application's sk_test_… or sk_live_… secret");
  process.exit(2);
}
const verifier = new WebhookVerifier(secret);
const orders = new OrderStore(process.env.ORDERS_FILE ?? "orders.json");

const app = express();

// express.raw on this route only: the body stays the bytes Xaalis signed. A JSON parser that ran first
// would leave nothing to verify (register express.json() for your other routes after this one).
app.post("/webhooks/xaalis", express.raw({ type: () => true, limit: "1mb" }), async (req, res) => {
  const rawBody = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
  let event;
  try {
    event = verifier.verify(rawBody, req.get(SIGNATURE_HEADER));
  } catch (e) {
    if (e instanceof WebhookVerificationError) {
      console.warn(`Refused a notification: ${e.reason}`);
      res.status(401).type("text/plain").send(e.reason);
      return;
    }
    throw e;
  }
  // Express 5 passes a rejected promise (the order store failing) to its error handler: 500, retried.
  res.sendStatus(await orders.apply(event));
});

const server = app.listen(Number(process.env.PORT ?? 8081), process.env.HOST ?? "0.0.0.0", (error) => {
  if (error) {
    throw error;
  }
  const { address, port } = server.address();
  console.log(`Listening on http://${address}:${port}/webhooks/xaalis`);
});

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
