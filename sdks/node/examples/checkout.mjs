// A merchant's checkout: record an order, start its payment with Xaalis, and show the customer how to
// pay. The webhook receiver (express-receiver.mjs or fastify-receiver.mjs) marks the order paid.
//
//   XAALIS_BASE_URL=https://pay.example.com XAALIS_ENDPOINT_KEY=… XAALIS_API_KEY=pk_test_… \
//   XAALIS_API_SECRET=sk_test_… ORDERS_FILE=orders.json node examples/checkout.mjs o-42 1500 [WALLET_SN]
//
// With sandbox keys, add --simulate SUCCESS (or FAILED, CANCELLED, EXPIRED) to play the customer.
import { XaalisClient, XaalisError } from "@xaalis/sdk";
import { OrderStore } from "./orders.mjs";

const args = process.argv.slice(2);
const simulateAt = args.indexOf("--simulate");
const outcome = simulateAt >= 0 ? args.splice(simulateAt, 2)[1] : null;
const [orderId, amount, provider = "WALLET_SN"] = args;
if (!orderId || !amount) {
  console.error("Usage: node examples/checkout.mjs <order id> <amount> [provider] [--simulate SUCCESS]");
  process.exit(2);
}

const xaalis = XaalisClient.fromEnvironment();
const orders = new OrderStore(process.env.ORDERS_FILE ?? "orders.json");

try {
  await orders.create(orderId, amount);
  const payment = await xaalis.initiate(
    { provider, amount, description: `Order ${orderId}`, metadata: { order_id: orderId } },
    // The order id as idempotency key: running this again for the same order returns the same payment.
    `order-${orderId}`,
  );
  await orders.setReference(orderId, payment.reference);
  const summary = {
    order_id: orderId,
    reference: payment.reference,
    status: payment.status,
    amount: payment.amount,
    environment: payment.environment,
    deep_links: payment.deepLinks,
    qr_code: payment.qrCode ? `data:image/png;base64,${payment.qrCode.slice(0, 16)}…` : null,
    expires_at: payment.expiresAt,
  };
  if (outcome) {
    summary.simulated = (await xaalis.simulate(payment.reference, outcome)).status;
  }
  console.log(JSON.stringify(summary, null, 2));
} catch (e) {
  if (e instanceof XaalisError) {
    // The API's error body: what was wrong, field by field.
    console.error(JSON.stringify({ status: e.status, message: e.message, errors: e.error?.errors ?? {} }, null, 2));
    process.exit(1);
  }
  throw e;
}
