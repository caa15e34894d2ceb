#!/usr/bin/env python3
"""A merchant's Xaalis webhook endpoint on the standard library's ``http.server``.

It does what Xaalis asks of every receiver: verify the signature over the raw body (401 when it
does not verify), deduplicate on the notification's ``id``, compare the amount with the order's
before changing the order, and answer quickly (2xx = done; another 4xx = Xaalis gives up; 5xx or
no answer = Xaalis retries).

Configuration, from the environment:

``XAALIS_API_SECRET``
    the application's ``sk_test_…`` or ``sk_live_…`` secret (several, comma-separated, during a
    key rotation)
``PORT``
    default 8081
``HOST``
    default 127.0.0.1; 0.0.0.0 listens on every interface
``ORDERS_FILE``
    the demo order store, a JSON file, default ``orders.json``; created with two demo orders
    (``o-1`` for 1500 and ``o-2`` for 2500) when missing. A real shop keeps its orders in its
    database and the processed ids under a unique index.

Run it (with the library installed, or ``PYTHONPATH=.`` from ``sdks/python``)::

    XAALIS_API_SECRET=sk_test_… PORT=8081 python3 examples/receiver.py

and set the application's webhook URL to ``https://<this host>/webhooks/xaalis``.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
import threading
from decimal import Decimal, InvalidOperation
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Dict, Optional

from xaalis import SIGNATURE_HEADER, WebhookEvent, WebhookVerificationError, WebhookVerifier

PATH = "/webhooks/xaalis"
MAX_BODY = 1024 * 1024

log = logging.getLogger("xaalis.receiver")

# What each event does to an order. A late failure never undoes a payment.
STATUS_AFTER = {
    "transaction.success": "paid",
    "transaction.refunded": "refunded",
    "transaction.failed": "failed",
    "transaction.cancelled": "cancelled",
    "transaction.expired": "expired",
}


class OrderStore:
    """The demo's orders in a JSON file::

        {"orders": {"o-42": {"amount": "1500", "status": "pending"}}, "processed_events": []}

    Each change is written to a temporary file, then renamed over the store, so a crash never
    leaves half a file. One lock covers check-and-apply, so two concurrent deliveries of one
    notification apply it once.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        self.lock = threading.Lock()
        if not os.path.exists(path):
            self._write(
                {
                    "orders": {
                        "o-1": {"amount": "1500", "status": "pending"},
                        "o-2": {"amount": "2500", "status": "pending"},
                    },
                    "processed_events": [],
                }
            )

    def _read(self) -> Dict[str, Any]:
        with open(self.path, encoding="utf-8") as f:
            state = json.load(f)
        state.setdefault("orders", {})
        state.setdefault("processed_events", [])
        return state

    def _write(self, state: Dict[str, Any]) -> None:
        directory = os.path.dirname(os.path.abspath(self.path))
        fd, temporary = tempfile.mkstemp(prefix=".orders-", dir=directory)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(state, f, indent=2, ensure_ascii=False)
                f.write("\n")
            os.replace(temporary, self.path)
        except BaseException:
            os.unlink(temporary)
            raise

    def handle(self, event: WebhookEvent) -> int:
        """The decision for a verified event, as an HTTP status (2xx = done, 4xx = do not retry)."""
        with self.lock:
            state = self._read()
            processed = state["processed_events"]
            if event.id in processed:
                return 200  # a duplicate delivery: already applied
            order_id = event.metadata.get("order_id")
            order = state["orders"].get(order_id) if isinstance(order_id, str) else None
            if not isinstance(order_id, str):
                # Not one of our orders: acknowledge so it is not retried.
                processed.append(event.id)
                self._write(state)
                return 200
            if order is None or not _same_amount(event.data_string("amount"), order.get("amount")):
                log.warning("Amount %s does not match order %s; not applied", event.data_string("amount"), order_id)
                return 422
            status = STATUS_AFTER.get(event.event)
            if status is not None and not (order.get("status") == "paid" and status in ("failed", "cancelled", "expired")):
                order["status"] = status
            order.setdefault("events", []).append(event.id)
            order["reference"] = event.reference
            processed.append(event.id)
            self._write(state)
            log.info("Order %s: %s (%s)", order_id, event.event, event.reference)
            return 200


def _same_amount(received: Optional[str], expected: Any) -> bool:
    if received is None or expected is None:
        return False
    try:
        return Decimal(received) == Decimal(str(expected))
    except InvalidOperation:
        return False


def make_server(verifier: WebhookVerifier, store: OrderStore, host: str = "127.0.0.1", port: int = 8081) -> ThreadingHTTPServer:
    """The receiver, bound but not yet serving (call ``serve_forever()``)."""

    class Handler(BaseHTTPRequestHandler):
        server_version = "xaalis-receiver/0.1"
        # Persistent connections, as HTTP clients (Xaalis included) expect: every answer carries its
        # Content-Length, and a connection idle for 30 s is closed.
        protocol_version = "HTTP/1.1"
        timeout = 30

        def do_POST(self) -> None:
            length = self.headers.get("Content-Length")
            if length is None or not length.strip().isdigit():
                self.answer(411, "Content-Length required", close=True)
                return
            if int(length) > MAX_BODY:
                self.answer(413, "too large", close=True)
                return
            body = self.rfile.read(int(length))
            if self.path.split("?", 1)[0] != PATH:
                self.answer(404, "not found")
                return
            try:
                # The raw bytes, exactly as received: never a re-serialized object.
                event = verifier.verify(body, self.headers.get(SIGNATURE_HEADER))
            except WebhookVerificationError as e:
                log.warning("Refused a notification: %s", e.reason)
                self.answer(401, e.reason)
                return
            try:
                status = store.handle(event)
            except Exception:
                log.exception("Could not apply %s", event.id)
                status = 500  # Xaalis retries
            self.answer(status, "ok" if status == 200 else "not applied")

        def do_GET(self) -> None:
            # Any body is left unread: the connection closes after the answer.
            self.answer(405, "POST only", close=True)

        do_PUT = do_DELETE = do_PATCH = do_GET

        def answer(self, status: int, text: str, close: bool = False) -> None:
            data = text.encode("utf-8")
            self.send_response(status)
            if status == 405:
                self.send_header("Allow", "POST")
            if close:
                self.send_header("Connection", "close")
                self.close_connection = True
            self.send_header("Content-Type", "text/plain; charset=utf-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, format: str, *args: Any) -> None:
            log.debug("%s %s", self.address_string(), format % args)

    server = ThreadingHTTPServer((host, port), Handler)
    server.daemon_threads = True
    return server


def main() -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    secrets = [s.strip() for s in os.environ.get("XAALIS_API_SECRET", "").split(",") if s.strip()]
    if not secrets:
        print("Set XAALIS_API_SECRET to the application's sk_test_… or sk_live_… secret", file=sys.stderr)
        return 2
    host = os.environ.get("HOST", "127.0.0.1")
    port = int(os.environ.get("PORT", "8081"))
    store = OrderStore(os.environ.get("ORDERS_FILE", "orders.json"))
    server = make_server(WebhookVerifier(*secrets), store, host, port)
    print("Listening on http://%s:%d%s" % (host, server.server_address[1], PATH), flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
