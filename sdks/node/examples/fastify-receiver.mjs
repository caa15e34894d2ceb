// A merchant's Xaalis webhook endpoint on Fastify: verify the signature over the raw body, deduplicate
// on the notification id, check the amount against the order before changing it, and answer quickly.
//
//   XAALIS_API_SECRET=sk_test_… PORT=8081 ORDERS_FILE=orders.json node examples/fastify-receiver.mjs
//
// then set the application's webhook URL to https://<this host>/webhooks/xaalis.
import Fastify from "fastify";
import { WebhookVerificationError, WebhookVerifier } from "@xaalis/sdk";
import { OrderStore } from "./orders.mjs";

const secret = process.env.XAALIS_API_SECRET;
if (!secret) {
  console.error("Set XAALIS_API_SECRET to the application's sk_test_… or sk_live_… secret");
  process.exit(2);
}
const verifier = new WebhookVerifier(secret);
const orders = new OrderStore(process.env.ORDERS_FILE ?? "orders.json");

const app = Fastify();

// An encapsulated plugin: inside it, and only there, every body is kept as the raw bytes Xaalis signed
// instead of being parsed as JSON. Your other routes keep Fastify's JSON parser.
app.register(async (webhooks) => {
  webhooks.removeAllContentTypeParsers();
  webhooks.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));

  webhooks.post("/webhooks/xaalis", async (request, reply) => {
    const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    let event;
    try {
      event = verifier.verify(rawBody, request.headers["x-svc-signature"]);
    } catch (e) {
      if (e instanceof WebhookVerificationError) {
        console.warn(`Refused a notification: ${e.reason}`);
        return reply.code(401).type("text/plain").send(e.reason);
      }
      throw e;
    }
    return reply.code(await orders.apply(event)).send();
  });
});

const address = await app.listen({ port: Number(process.env.PORT ?? 8081), host: process.env.HOST ?? "0.0.0.0" });
console.log(`Listening on ${address}/webhooks/xaalis`);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => app.close().then(() => process.exit(0)));
}
