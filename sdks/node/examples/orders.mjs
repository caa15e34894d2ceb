// The demo shop's orders, kept in one JSON file so the examples run without a database:
//
//   { "orders": { "o-42": { "amount": "1500", "status": "pending", "reference": null, "events": [] } },
//     "processed": ["SVC-AB12CD34:SUCCESS"] }
//
// In production this is your database: `processed` is a table with a unique index on the notification
// id, written in the same transaction as the order, so a notification is applied once even across
// restarts and several servers.
import { randomUUID } from "node:crypto";
import { readFile, rename, writeFile } from "node:fs/promises";
import { sameAmount } from "@xaalis/sdk";

/** The order status each notification leads to. */
const STATUS_AFTER = {
  "transaction.success": "paid",
  "transaction.failed": "failed",
  "transaction.cancelled": "cancelled",
  "transaction.expired": "expired",
  "transaction.refunded": "refunded",
};

export class OrderStore {
  #file;
  // One change at a time in this process: two deliveries of the same notification apply it once.
  #queue = Promise.resolve();

  constructor(file) {
    this.#file = file;
  }

  /** Records a new order awaiting payment of `amount` (decimal text such as "1500"). */
  create(orderId, amount) {
    return this.#change((data) => {
      data.orders[orderId] ??= { amount: String(amount), status: "pending", reference: null, events: [] };
      return data.orders[orderId];
    });
  }

  /** Remembers which payment pays the order. */
  setReference(orderId, reference) {
    return this.#change((data) => {
      if (data.orders[orderId]) {
        data.orders[orderId].reference = reference;
      }
    });
  }

  /**
   * Applies a verified notification once and says how to answer it: 200 when it is applied or was
   * already (a duplicate delivery), 422 when it does not match the order, so it is not applied and
   * Xaalis does not retry it.
   */
  apply(event) {
    return this.#change((data) => {
      if (data.processed.includes(event.id)) {
        return 200; // a duplicate delivery: already applied
      }
      const orderId = event.metadata.order_id;
      if (typeof orderId !== "string") {
        data.processed.push(event.id);
        return 200; // not one of our orders: acknowledge so it is not retried
      }
      const order = Object.hasOwn(data.orders, orderId) ? data.orders[orderId] : undefined;
      const amount = event.dataString("amount");
      if (!order || amount === null || !sameAmount(amount, order.amount)) {
        console.warn(`Amount ${amount} does not match order ${orderId}; not applied`);
        return 422;
      }
      order.status = STATUS_AFTER[event.event] ?? order.status;
      order.reference ??= event.reference;
      order.events.push(event.id);
      data.processed.push(event.id);
      console.log(`${orderId}: ${event.event} (${event.reference})`);
      return 200;
    });
  }

  #change(update) {
    const result = this.#queue.then(async () => {
      const data = await this.#read();
      const answer = update(data);
      await this.#write(data);
      return answer;
    });
    this.#queue = result.catch(() => {});
    return result;
  }

  async #read() {
    try {
      const data = JSON.parse(await readFile(this.#file, "utf8"));
      return { orders: data.orders ?? {}, processed: data.processed ?? [] };
    } catch (e) {
      if (e.code === "ENOENT") {
        return { orders: {}, processed: [] };
      }
      throw e;
    }
  }

  async #write(data) {
    // Written aside then renamed, so a reader never sees half a file.
    const temporary = `${this.#file}.${randomUUID()}.tmp`;
    await writeFile(temporary, JSON.stringify(data, null, 2) + "\n");
    await rename(temporary, this.#file);
  }
}
