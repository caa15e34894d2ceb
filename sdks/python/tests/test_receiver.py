"""The example receiver (examples/receiver.py), in process: verified, deduplicated, amount-checked."""

import importlib.util
import json
import logging
import os
import subprocess
import sys
import tempfile
import threading
import time
import unittest
import urllib.error
import urllib.request

from tests.support import SDK
from xaalis import WebhookVerifier

SECRET = "sk_test_receiver0123456789"


def _load_receiver():
    spec = importlib.util.spec_from_file_location("xaalis_example_receiver", os.path.join(SDK, "examples", "receiver.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


receiver = _load_receiver()
# The refusals the tests provoke are expected: keep them out of the test output.
receiver.log.addHandler(logging.NullHandler())
receiver.log.propagate = False


def notification(event_id="SVC-AB12CD34:SUCCESS", event="transaction.success", amount="1500.00", order_id="o-42"):
    metadata = {} if order_id is None else {"order_id": order_id}
    return json.dumps(
        {
            "id": event_id,
            "event": event,
            "environment": "sandbox",
            "created_at": "2026-11-22T08:42:45.123400Z",
            "data": {"reference": event_id.split(":")[0], "amount": amount, "metadata": metadata},
        },
        separators=(",", ":"),
    )


class ReceiverTest(unittest.TestCase):
    def setUp(self):
        directory = tempfile.mkdtemp()
        self.orders = os.path.join(directory, "orders.json")
        with open(self.orders, "w") as f:
            json.dump({"orders": {"o-42": {"amount": "1500", "status": "pending"}}, "processed_events": []}, f)
        self.server = receiver.make_server(WebhookVerifier(SECRET), receiver.OrderStore(self.orders), "127.0.0.1", 0)
        threading.Thread(target=self.server.serve_forever, args=(0.05,), daemon=True).start()
        self.addCleanup(self.server.server_close)
        self.addCleanup(self.server.shutdown)
        self.url = "http://127.0.0.1:%d%s" % (self.server.server_address[1], receiver.PATH)

    def post(self, body, signature, url=None, method="POST"):
        headers = {"Content-Type": "application/json"}
        if signature is not None:
            headers["X-SVC-Signature"] = signature
        request = urllib.request.Request(url or self.url, data=body.encode("utf-8"), headers=headers, method=method)
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                return response.status, response.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()

    def state(self):
        with open(self.orders) as f:
            return json.load(f)

    def test_applies_a_verified_notification_once(self):
        body = notification()
        self.assertEqual(200, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET))[0])
        self.assertEqual(200, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET))[0])
        state = self.state()
        self.assertEqual("paid", state["orders"]["o-42"]["status"])
        self.assertEqual(["SVC-AB12CD34:SUCCESS"], state["orders"]["o-42"]["events"])
        self.assertEqual(["SVC-AB12CD34:SUCCESS"], state["processed_events"])

    def test_refuses_tampered_stale_and_unsigned_deliveries(self):
        body = notification()
        fresh = WebhookVerifier.sign(body, time.time(), SECRET)
        self.assertEqual((401, "NO_MATCHING_SIGNATURE"), self.post(body.replace("1500.00", "15.00"), fresh))
        self.assertEqual((401, "STALE_TIMESTAMP"), self.post(body, WebhookVerifier.sign(body, time.time() - 301, SECRET)))
        self.assertEqual((401, "MISSING_HEADER"), self.post(body, None))
        self.assertEqual((401, "MALFORMED_HEADER"), self.post(body, "v1=abc"))
        self.assertEqual((401, "NO_MATCHING_SIGNATURE"), self.post(body, WebhookVerifier.sign(body, time.time(), "sk_test_other")))
        self.assertEqual("pending", self.state()["orders"]["o-42"]["status"])
        self.assertEqual([], self.state()["processed_events"])

    def test_a_wrong_amount_or_an_unknown_order_is_not_applied(self):
        for body in (notification(amount="1.00"), notification(order_id="o-99"), notification(amount="abc")):
            self.assertEqual(422, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET))[0])
        self.assertEqual("pending", self.state()["orders"]["o-42"]["status"])
        # 1500 and 1500.00 are the same amount.
        body = notification(amount="1500")
        self.assertEqual(200, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET))[0])

    def test_notifications_for_no_order_are_acknowledged_and_remembered(self):
        body = notification("SVC-ZZ:CANCELLED", "transaction.cancelled", order_id=None)
        self.assertEqual(200, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET))[0])
        self.assertEqual(["SVC-ZZ:CANCELLED"], self.state()["processed_events"])

    def test_a_late_failure_never_undoes_a_payment_but_a_refund_does(self):
        for event_id, event in (
            ("SVC-AB12CD34:SUCCESS", "transaction.success"),
            ("SVC-AB12CD34:EXPIRED", "transaction.expired"),
        ):
            body = notification(event_id, event)
            self.assertEqual(200, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET))[0])
        self.assertEqual("paid", self.state()["orders"]["o-42"]["status"])
        body = notification("SVC-AB12CD34:REFUNDED", "transaction.refunded")
        self.assertEqual(200, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET))[0])
        self.assertEqual("refunded", self.state()["orders"]["o-42"]["status"])
        self.assertEqual(3, len(self.state()["processed_events"]))

    def test_concurrent_deliveries_of_one_notification_apply_it_once(self):
        body = notification()
        header = WebhookVerifier.sign(body, time.time(), SECRET)
        results = []
        threads = [threading.Thread(target=lambda: results.append(self.post(body, header)[0])) for _ in range(8)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual([200] * 8, results)
        self.assertEqual(["SVC-AB12CD34:SUCCESS"], self.state()["orders"]["o-42"]["events"])

    def test_other_paths_and_methods(self):
        body = notification()
        self.assertEqual(404, self.post(body, WebhookVerifier.sign(body, time.time(), SECRET), url=self.url + "/x")[0])
        self.assertEqual(405, self.post(body, None, method="PUT")[0])
        request = urllib.request.Request(self.url)
        with self.assertRaises(urllib.error.HTTPError) as caught:
            urllib.request.urlopen(request, timeout=5)
        self.assertEqual(405, caught.exception.code)

    def test_one_connection_carries_many_deliveries(self):
        # Xaalis's HTTP client keeps connections open between deliveries: so must the receiver.
        import http.client

        connection = http.client.HTTPConnection("127.0.0.1", self.server.server_address[1], timeout=5)
        self.addCleanup(connection.close)
        body = notification()
        statuses = []
        for signature in (None, WebhookVerifier.sign(body, time.time() - 301, SECRET), WebhookVerifier.sign(body, time.time(), SECRET), None):
            headers = {"Content-Type": "application/json"}
            if signature is not None:
                headers["X-SVC-Signature"] = signature
            connection.request("POST", receiver.PATH, body=body.encode(), headers=headers)
            response = connection.getresponse()
            response.read()
            self.assertEqual(11, response.version)  # HTTP/1.1: the connection stays open
            statuses.append(response.status)
        self.assertEqual([401, 401, 200, 401], statuses)
        # A request whose body is not read (no length) closes its connection.
        connection.putrequest("POST", receiver.PATH)
        connection.endheaders()
        response = connection.getresponse()
        self.assertEqual((411, "close"), (response.status, response.getheader("Connection")))

    def test_creates_a_demo_store_when_missing(self):
        path = os.path.join(tempfile.mkdtemp(), "new.json")
        receiver.OrderStore(path)
        with open(path) as f:
            self.assertEqual({"o-1", "o-2"}, set(json.load(f)["orders"]))


class ReceiverProcessTest(unittest.TestCase):
    def test_refuses_to_start_without_a_secret(self):
        env = dict(os.environ, XAALIS_API_SECRET="", PYTHONPATH=SDK)
        result = subprocess.run(
            [sys.executable, os.path.join(SDK, "examples", "receiver.py")],
            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=30, universal_newlines=True,
        )
        self.assertEqual(2, result.returncode)
        self.assertIn("XAALIS_API_SECRET", result.stderr)


if __name__ == "__main__":
    unittest.main()
