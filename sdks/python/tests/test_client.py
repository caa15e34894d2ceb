"""The client against a scripted HTTP server on loopback: headers, bodies, retries, errors."""

import json
import queue
import socket
import threading
import time
import unittest
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit

from xaalis import (
    Balance,
    BalanceTransaction,
    BalanceTransactionPage,
    BalanceTransactionQuery,
    Settlement,
    SettlementPage,
    SettlementQuery,
    SettlementRequest,
    ApiError,
    Outcome,
    Payment,
    PaymentLink,
    PaymentLinkPage,
    PaymentLinkRequest,
    PaymentPage,
    PaymentQuery,
    PaymentRequest,
    Payout,
    PayoutPage,
    PayoutQuery,
    PayoutRequest,
    XaalisClient,
    XaalisError,
)
from xaalis.client import parse_instant

PAYMENT = (
    '{"transaction_uuid":"01934a5e-7c1a-7b3e-9f00-0123456789ab",'
    '"reference":"SVC-AB12CD34","provider":"WALLET_SN","environment":"sandbox",'
    '"amount":"1500.00","currency":"XOF","status":"PROCESSING",'
    '"deep_links":{"WALLET":"https://x.example/c"},"qr_code":"iVBOR",'
    '"provider_reference":"sbx_1","expires_at":"2026-11-22T08:57:45.123400Z",'
    '"metadata":{"order_id":"o-42","total":12.50,"n":3},"created_at":"2026-11-22T08:42:45.123400Z"}'
)

LINK = (
    '{"code":"k4m2qx7vbnw3tz5a","url":"https://pay.example/l/k4m2qx7vbnw3tz5a","qr_code":"iVBOR",'
    '"environment":"sandbox","amount":null,"min_amount":"1000.00","max_amount":"50000.00","currency":"XOF",'
    '"description":"Donation","providers":["WALLET_SN","MOBILEMONEY_SN"],"single_use":false,'
    '"expires_at":"2026-12-31T23:59:59.000000Z","active":true,"state":"OPEN",'
    '"created_at":"2026-11-22T08:42:45.123400Z"}'
)

PAYOUT = (
    '{"reference":"OUT-4KQ7ZP2M","provider":"WALLET_SN","environment":"sandbox",'
    '"amount":"5000.00","fee":null,"currency":"XOF","recipient_phone":"+221771234567",'
    '"recipient_name":"Awa Diop","reason":"Commission novembre","status":"PROCESSING",'
    '"failure_code":null,"failure_reason":null,"metadata":{"staff_id":"S-12"},'
    '"created_at":"2026-11-28T09:15:02.118000Z","updated_at":"2026-11-28T09:15:02.118000Z",'
    '"settled_at":null}'
)


def code_payment(status, **extra):
    """A MOBILEMONEY_SN payment as the status answers it, in ``status``, with ``extra`` fields."""
    payment = json.loads(PAYMENT)
    del payment["deep_links"], payment["qr_code"]
    payment.update(provider="MOBILEMONEY_SN", status=status, **extra)
    return json.dumps(payment)


SETTLEMENT = (
    '{"id":"019ad0a4-2d25-7e47-8ab9-12e6c632952b","reference":"STL-4KQ7ZP2M","environment":"sandbox",'
    '"amount":"4500.00","currency":"XOF","provider":"WALLET_SN","destination":"+221 77 *** ** 67",'
    '"status":"PROCESSING","payout_reference":"OUT-TO0UE0ED","origin":"api","failure_code":null,'
    '"failure_reason":null,"created_at":"2026-11-28T09:15:02.118000Z","updated_at":"2026-11-28T09:15:02.118000Z"}'
)

CLOSE = -1  # a scripted answer that closes the connection without answering


class Seen:
    def __init__(self, method, path, query, headers, body):
        self.method, self.path, self.query, self.headers, self.body = method, path, query, headers, body

    def header(self, name):
        return self.headers.get(name)


class ScriptedServer:
    """Answers from a queue of (status, body, headers, delay); a 200 with a payment when it is empty."""

    def __init__(self):
        self.seen = []
        self.answers = queue.Queue()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def handle_any(self):
                length = int(self.headers.get("Content-Length") or 0)
                body = self.rfile.read(length).decode("utf-8")
                url = urlsplit(self.path)
                outer.seen.append(Seen(self.command, url.path, url.query, self.headers, body))
                try:
                    status, text, headers, delay = outer.answers.get_nowait()
                except queue.Empty:
                    status, text, headers, delay = 200, PAYMENT, {}, 0
                if status == CLOSE:
                    self.close_connection = True
                    return
                time.sleep(delay)
                data = text.encode("utf-8")
                try:
                    self.send_response(status)
                    for name, value in headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except OSError:
                    pass  # the client timed out and left

            do_GET = do_POST = do_PUT = do_DELETE = handle_any

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(target=self.httpd.serve_forever, args=(0.05,), daemon=True)
        self.thread.start()

    @property
    def base(self):
        return "http://127.0.0.1:%d/" % self.httpd.server_address[1]

    def answer(self, status, body="", headers=None, delay=0.0):
        self.answers.put((status, body, headers or {}, delay))

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


class XaalisClientTest(unittest.TestCase):
    def setUp(self):
        self.server = ScriptedServer()
        self.addCleanup(self.server.stop)
        self.client = XaalisClient(
            self.server.base,
            "abcdefghijklmnop",
            "pk_test_key",
            "sk_test_secret",
            retry_delay=0.01,
        )
        self.sleeps = []

    def record_sleeps(self):
        self.client._sleep = self.sleeps.append

    @property
    def seen(self):
        return self.server.seen

    def test_initiate_sends_keys_an_idempotency_key_and_a_quoted_amount(self):
        payment = self.client.initiate(
            PaymentRequest("WALLET_SN", Decimal("1500"), customer_phone="+221770000000", metadata={"order_id": "o-42"})
        )
        request = self.seen[0]
        self.assertEqual("POST", request.method)
        self.assertEqual("/api/v1/abcdefghijklmnop/payments/initiate/", request.path)
        self.assertEqual("pk_test_key", request.header("X-Api-Key"))
        self.assertEqual("sk_test_secret", request.header("X-Api-Secret"))
        self.assertEqual("application/json", request.header("Content-Type"))
        self.assertEqual("application/json", request.header("Accept"))
        self.assertRegex(request.header("User-Agent"), r"^xaalis-python/\d")
        self.assertRegex(request.header("Idempotency-Key"), r"^[0-9a-f-]{36}$")
        self.assertEqual(
            '{"provider":"WALLET_SN","amount":"1500","customer_phone":"+221770000000","metadata":{"order_id":"o-42"}}',
            request.body,
        )

        self.assertIsInstance(payment, Payment)
        self.assertEqual("SVC-AB12CD34", payment.reference)
        self.assertEqual("01934a5e-7c1a-7b3e-9f00-0123456789ab", payment.transaction_uuid)
        self.assertEqual(Decimal("1500"), payment.amount)
        self.assertEqual("1500.00", str(payment.amount))
        self.assertEqual({"WALLET": "https://x.example/c"}, payment.deep_links)
        self.assertEqual("iVBOR", payment.qr_code)
        self.assertEqual("sbx_1", payment.provider_reference)
        self.assertEqual(datetime(2026, 11, 22, 8, 42, 45, 123400, tzinfo=timezone.utc), payment.created_at)
        self.assertEqual(datetime(2026, 11, 22, 8, 57, 45, 123400, tzinfo=timezone.utc), payment.expires_at)
        self.assertIsNone(payment.paid_at)
        self.assertIsNone(payment.expired_at)
        self.assertIsNone(payment.error_message)
        self.assertEqual({"order_id": "o-42", "total": Decimal("12.50"), "n": 3}, payment.metadata)
        self.assertFalse(payment.is_final)
        self.assertNotIn("iVBOR", repr(payment))

    def test_every_field_of_the_request_in_the_specified_order(self):
        self.client.initiate(
            PaymentRequest(
                provider="MOBILEMONEY_SN",
                amount="2500",
                currency="XOF",
                description="Thiéboudienne x2",
                customer_phone="+221770000000",
                customer_name="Awa",
                metadata={"order_id": 1001, "items": [Decimal("2.50"), 1, None, True], "note": "🍲"},
                success_url="https://shop.example/ok",
                error_url="https://shop.example/ko",
            ),
            idempotency_key="order-1001",
        )
        self.assertEqual("order-1001", self.seen[0].header("Idempotency-Key"))
        self.assertEqual(
            '{"provider":"MOBILEMONEY_SN","amount":"2500","currency":"XOF","description":"Thiéboudienne x2",'
            '"customer_phone":"+221770000000","customer_name":"Awa",'
            '"metadata":{"order_id":1001,"items":[2.50,1,null,true],"note":"🍲"},'
            '"success_url":"https://shop.example/ok","error_url":"https://shop.example/ko"}',
            self.seen[0].body,
        )

    def test_amounts_are_sent_as_exact_decimal_text(self):
        for amount, sent in (
            (Decimal("1500"), "1500"),
            ("1500.50", "1500.50"),
            (" 7 ", "7"),
            (1500, "1500"),
            (1500.5, "1500.5"),
            (0.1, "0.1"),
            (Decimal("1E+3"), "1000"),
        ):
            with self.subTest(amount=amount):
                self.assertEqual(sent, PaymentRequest("WALLET_SN", amount)._body()["amount"])
        for bad, error in ((True, TypeError), ("abc", ValueError), (float("nan"), ValueError), ("Infinity", ValueError),
                           (None, ValueError), ([1], TypeError)):
            with self.subTest(amount=bad):
                with self.assertRaises(error):
                    PaymentRequest("WALLET_SN", bad)
        with self.assertRaises(ValueError):
            PaymentRequest("", "1")

    def test_retries_network_errors_and_429_with_the_same_idempotency_key(self):
        self.server.answer(CLOSE)
        self.server.answer(429, '{"status":429}', {"Retry-After": "1"})
        started = time.monotonic()
        payment = self.client.initiate(PaymentRequest("WALLET_SN", "1500"), "order-42")
        self.assertEqual("SVC-AB12CD34", payment.reference)
        self.assertEqual(3, len(self.seen))
        self.assertEqual(["order-42"] * 3, [s.header("Idempotency-Key") for s in self.seen])
        self.assertEqual([self.seen[0].body] * 3, [s.body for s in self.seen])
        self.assertGreaterEqual(time.monotonic() - started, 1.0)

    def test_gives_up_after_max_retries_with_status_zero(self):
        for _ in range(10):
            self.server.answer(CLOSE)
        with self.assertRaises(XaalisError) as caught:
            self.client.status("SVC-AB12CD34")
        e = caught.exception
        self.assertEqual(0, e.status)
        self.assertIsNone(e.error)
        self.assertTrue(e.retryable)
        self.assertIn("3 attempts", str(e))
        self.assertNotIn("sk_test_secret", str(e))
        self.assertEqual(3, len(self.seen))

    def test_max_retries_zero_disables_retries(self):
        client = XaalisClient(self.server.base, "k", "pk_test_key", "sk_test_secret", max_retries=0)
        self.server.answer(CLOSE)
        with self.assertRaises(XaalisError) as caught:
            client.status("SVC-AB12CD34")
        self.assertIn("after 1 attempts", str(caught.exception))
        self.assertEqual(1, len(self.seen))

    def test_an_unreachable_server_is_a_network_error(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        client = XaalisClient("http://127.0.0.1:%d" % port, "k", "pk", "sk", retry_delay=0.001, connect_timeout=1)
        with self.assertRaises(XaalisError) as caught:
            client.status("SVC-AB12CD34")
        self.assertEqual(0, caught.exception.status)
        self.assertIn("ConnectionRefusedError", str(caught.exception))
        self.assertIsInstance(caught.exception.__cause__, OSError)

    def test_a_timeout_is_a_network_error_and_is_retried(self):
        client = XaalisClient(self.server.base, "abcdefghijklmnop", "pk", "sk", request_timeout=0.5, retry_delay=0.01)
        self.server.answer(200, PAYMENT, delay=1.5)
        payment = client.status("SVC-AB12CD34")
        self.assertEqual("SVC-AB12CD34", payment.reference)
        self.assertGreaterEqual(len(self.seen), 2)

    def test_errors_carry_the_api_error_body_and_are_not_retried(self):
        self.server.answer(
            400,
            '{"status":400,"error":"Bad Request","message":"Invalid request",'
            '"timestamp":"2026-11-22T08:42:45.123+00:00","errors":{"amount":["must be at least 0.01"]}}',
        )
        with self.assertRaises(XaalisError) as caught:
            self.client.initiate(PaymentRequest("WALLET_SN", "0"))
        e = caught.exception
        self.assertEqual(400, e.status)
        self.assertFalse(e.retryable)
        self.assertEqual("400 Bad Request: Invalid request", str(e))
        self.assertEqual(
            ApiError(400, "Bad Request", "Invalid request", "2026-11-22T08:42:45.123+00:00",
                     {"amount": ["must be at least 0.01"]}),
            e.error,
        )
        self.assertEqual(1, len(self.seen))

    def test_server_errors_and_conflicts_are_retryable_but_not_retried(self):
        self.server.answer(503, "upstream down")
        with self.assertRaises(XaalisError) as caught:
            self.client.cancel("SVC-AB12CD34")
        self.assertEqual(503, caught.exception.status)
        self.assertTrue(caught.exception.retryable)
        self.assertEqual(ApiError(503, "HTTP 503", "The response carried no error body", None, {}), caught.exception.error)
        self.server.answer(409, '{"status":409,"error":"Conflict","message":"The payment is SUCCESS"}')
        with self.assertRaises(XaalisError) as caught:
            self.client.cancel("SVC-AB12CD34")
        self.assertTrue(caught.exception.retryable)
        self.assertEqual({}, caught.exception.error.errors)
        self.assertEqual(2, len(self.seen))

    def test_429_honours_retry_after_up_to_a_limit_then_raises(self):
        client = XaalisClient(self.server.base, "k", "pk", "sk", retry_delay=0.01, max_retry_after=5)
        sleeps = []
        client._sleep = sleeps.append
        self.server.answer(429, "{}", {"Retry-After": "3600"})
        self.server.answer(429, "{}", {"Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"})
        self.server.answer(429, '{"status":429,"error":"Too Many Requests","message":"Slow down"}', {"Retry-After": "2"})
        with self.assertRaises(XaalisError) as caught:
            client.status("SVC-AB12CD34")
        self.assertEqual(429, caught.exception.status)
        self.assertTrue(caught.exception.retryable)
        self.assertEqual("Slow down", caught.exception.error.message)
        self.assertEqual(5.0, sleeps[0])
        self.assertLess(sleeps[1], 0.05)  # an HTTP date is not honoured: the usual backoff
        self.assertEqual(2, len(sleeps))
        self.assertEqual(3, len(self.seen))

    def test_backoff_doubles_with_jitter(self):
        self.record_sleeps()
        client = self.client
        client._max_retries = 4
        for _ in range(4):
            self.server.answer(CLOSE)
        client.status("SVC-AB12CD34")
        self.assertEqual(4, len(self.sleeps))
        for attempt, pause in enumerate(self.sleeps):
            base = 0.01 * 2 ** attempt
            self.assertTrue(base / 2 <= pause <= base, (attempt, pause))

    def test_redirects_are_answers_never_followed(self):
        self.server.answer(302, "", {"Location": self.server.base + "elsewhere"})
        with self.assertRaises(XaalisError) as caught:
            self.client.status("SVC-AB12CD34")
        self.assertEqual(302, caught.exception.status)
        self.assertEqual(1, len(self.seen))

    def test_a_success_that_is_not_json_is_an_invalid_response(self):
        for body in ("<html>", "NaN", "[1]"):
            self.server.answer(200, body)
            with self.assertRaises(XaalisError) as caught:
                self.client.status("SVC-AB12CD34")
            self.assertEqual("Invalid response", caught.exception.error.error)
            self.assertFalse(caught.exception.retryable)

    def test_create_payout_sends_the_api_fields_in_order_with_the_callers_key_and_maps_the_payout(self):
        self.server.answer(201, PAYOUT)
        payout = self.client.create_payout(
            PayoutRequest(
                "WALLET_SN",
                "5000",
                "+221771234567",
                recipient_name="Awa Diop",
                reason="Commission novembre",
                metadata={"staff_id": "S-12"},
            ),
            "payout-S-12-2026-11",
        )
        request = self.seen[0]
        self.assertEqual("POST", request.method)
        self.assertEqual("/api/v1/abcdefghijklmnop/payouts/", request.path)
        self.assertEqual("pk_test_key", request.header("X-Api-Key"))
        self.assertEqual("sk_test_secret", request.header("X-Api-Secret"))
        self.assertEqual("application/json", request.header("Content-Type"))
        self.assertEqual("payout-S-12-2026-11", request.header("Idempotency-Key"))
        self.assertEqual(
            '{"provider":"WALLET_SN","amount":"5000","recipient_phone":"+221771234567",'
            '"recipient_name":"Awa Diop","reason":"Commission novembre","metadata":{"staff_id":"S-12"}}',
            request.body,
        )
        created = datetime(2026, 11, 28, 9, 15, 2, 118000, tzinfo=timezone.utc)
        self.assertEqual(
            Payout(
                reference="OUT-4KQ7ZP2M",
                provider="WALLET_SN",
                environment="sandbox",
                amount=Decimal("5000.00"),
                fee=None,
                currency="XOF",
                recipient_phone="+221771234567",
                recipient_name="Awa Diop",
                reason="Commission novembre",
                status="PROCESSING",
                failure_code=None,
                failure_reason=None,
                metadata={"staff_id": "S-12"},
                created_at=created,
                updated_at=created,
                settled_at=None,
            ),
            payout,
        )
        self.assertEqual("5000.00", str(payout.amount))

    def test_create_payout_sends_only_the_required_fields_and_needs_the_callers_key(self):
        self.server.answer(201, PAYOUT)
        self.client.create_payout(PayoutRequest("MOBILEMONEY_SN", 2500, "+221761234567"), "k-1")
        self.assertEqual('{"provider":"MOBILEMONEY_SN","amount":"2500","recipient_phone":"+221761234567"}', self.seen[0].body)
        request = PayoutRequest("WALLET_SN", "5000", "+221771234567")
        for key in (None, "", "  ", 42):
            with self.assertRaises(ValueError) as caught:
                self.client.create_payout(request, key)
            self.assertIn("idempotency_key", str(caught.exception))
        with self.assertRaises(TypeError):
            self.client.create_payout(request)  # the key is a required argument
        with self.assertRaises(ValueError):
            PayoutRequest("WALLET_SN", "5000", None)
        with self.assertRaises(ValueError):
            PayoutRequest("WALLET_SN", "5 000", "+221771234567")
        self.assertEqual(1, len(self.seen))

    def test_create_payout_retries_a_network_error_and_a_429_with_the_same_key_and_body(self):
        self.record_sleeps()
        self.server.answer(CLOSE)
        self.server.answer(429, '{"status":429}', {"Retry-After": "0"})
        self.server.answer(201, PAYOUT)
        payout = self.client.create_payout(PayoutRequest("WALLET_SN", "5000", "+221771234567"), "k-retry")
        self.assertEqual("OUT-4KQ7ZP2M", payout.reference)
        self.assertEqual(3, len(self.seen))
        for s in self.seen:
            self.assertEqual("k-retry", s.header("Idempotency-Key"))
            self.assertEqual(self.seen[0].body, s.body)

    def test_payout_errors_carry_the_api_error_body_and_are_not_retried(self):
        self.server.answer(403, '{"status":403,"error":"Forbidden","message":"Payouts are turned off for this application"}')
        self.server.answer(
            400,
            '{"status":400,"error":"Bad Request","message":"Invalid request",'
            '"errors":{"recipient_phone":["must be +221 and a mobile number"]}}',
        )
        self.server.answer(422, '{"status":422,"error":"Unprocessable Entity","message":"another body"}')
        self.server.answer(404, '{"status":404,"error":"Not Found","message":"No such payout"}')
        calls = [
            lambda: self.client.create_payout(PayoutRequest("WALLET_SN", "5000", "+221771234567"), "k-off"),
            lambda: self.client.create_payout(PayoutRequest("WALLET_SN", "5000", "+33612345678"), "k-bad"),
            lambda: self.client.create_payout(PayoutRequest("WALLET_SN", "5001", "+221771234567"), "k-bad"),
            lambda: self.client.read_payout("OUT-NOPE0000"),
        ]
        statuses = []
        for call in calls:
            with self.assertRaises(XaalisError) as caught:
                call()
            e = caught.exception
            statuses.append(e.status)
            self.assertFalse(e.retryable)
            if e.status == 403:
                self.assertIn("turned off", e.error.message)
            if e.status == 400:
                self.assertEqual({"recipient_phone": ["must be +221 and a mobile number"]}, e.error.errors)
        self.assertEqual([403, 400, 422, 404], statuses)
        self.assertEqual(4, len(self.seen))

    def test_get_and_list_payouts_use_their_paths_and_filters(self):
        self.server.answer(200, PAYOUT.replace('"PROCESSING"', '"SUCCESS"').replace('"fee":null', '"fee":"50.00"'))
        payout = self.client.read_payout("OUT-4KQ7ZP2M")
        self.assertEqual("SUCCESS", payout.status)
        self.assertEqual(Decimal("50.00"), payout.fee)
        self.server.answer(200, '{"data":[' + PAYOUT + "," + PAYOUT + '],"has_more":true,"next_cursor":"c1"}')
        page = self.client.list_payouts(
            PayoutQuery(
                status="FAILED",
                provider="WALLET_SN",
                created_from=datetime(2026, 11, 1, tzinfo=timezone.utc),
                created_to=datetime(2026, 12, 1, tzinfo=timezone.utc),
                limit=2,
            ).after("c0")
        )
        self.assertIsInstance(page, PayoutPage)
        self.assertEqual(["OUT-4KQ7ZP2M", "OUT-4KQ7ZP2M"], [p.reference for p in page.payouts])
        self.assertTrue(page.has_more)
        self.assertEqual("c1", page.next_cursor)
        self.server.answer(200, '{"data":[],"has_more":false,"next_cursor":null}')
        last = self.client.list_payouts()
        self.assertEqual([], last.payouts)
        self.assertIsNone(last.next_cursor)
        self.assertEqual(
            [
                "GET /api/v1/abcdefghijklmnop/payouts/OUT-4KQ7ZP2M/",
                "GET /api/v1/abcdefghijklmnop/payouts/",
                "GET /api/v1/abcdefghijklmnop/payouts/",
            ],
            [s.method + " " + s.path for s in self.seen],
        )
        self.assertEqual(
            "status=FAILED&provider=WALLET_SN&created_from=2026-11-01T00%3A00%3A00Z"
            "&created_to=2026-12-01T00%3A00%3A00Z&cursor=c0&limit=2",
            self.seen[1].query,
        )
        self.assertEqual("limit=20", self.seen[2].query)
        for s in self.seen:
            self.assertIsNone(s.header("Idempotency-Key"))

    def test_balance_and_its_transactions_use_their_paths_and_read_their_fields(self):
        self.server.answer(200, '{"environment":"sandbox","currency":"XOF","available":"14770.00","pending":"1477.00"}')
        self.assertEqual(Balance("sandbox", "XOF", Decimal("14770.00"), Decimal("1477.00")), self.client.balance())
        self.server.answer(
            200,
            '{"data":[{"id":"019ab1c3","type":"refund","amount":"-1000.00","fee":"0.00","net":"-1000.00",'
            '"reference":"SVC-Q4ZP81MD","created_at":"2026-11-23T10:02:11.000000Z","available_on":null},'
            '{"id":"019ab1c2","type":"payment","amount":"1500.00","fee":"23.00","net":"1477.00",'
            '"reference":"SVC-7K2M9QXA","created_at":"2026-11-22T08:45:00.123456Z","available_on":"2026-11-23"},'
            '{"id":"019ab1c1","type":"adjustment","amount":"500.00","fee":"0.00","net":"500.00","reference":"019ab1c1",'
            '"created_at":"2026-11-21T09:00:00.000000Z","available_on":null,"description":"Geste commercial"}],'
            '"has_more":true,"next_cursor":"c1"}',
        )
        page = self.client.list_balance_transactions(BalanceTransactionQuery(limit=2).after("c0"))
        self.assertIsInstance(page, BalanceTransactionPage)
        self.assertTrue(page.has_more)
        self.assertEqual("c1", page.next_cursor)
        self.assertEqual(
            [
                BalanceTransaction(
                    "019ab1c3", "refund", Decimal("-1000.00"), Decimal("0.00"), Decimal("-1000.00"), "SVC-Q4ZP81MD",
                    datetime(2026, 11, 23, 10, 2, 11, tzinfo=timezone.utc), None,
                ),
                BalanceTransaction(
                    "019ab1c2", "payment", Decimal("1500.00"), Decimal("23.00"), Decimal("1477.00"), "SVC-7K2M9QXA",
                    datetime(2026, 11, 22, 8, 45, 0, 123456, tzinfo=timezone.utc), date(2026, 11, 23),
                ),
                BalanceTransaction(
                    "019ab1c1", "adjustment", Decimal("500.00"), Decimal("0.00"), Decimal("500.00"), "019ab1c1",
                    datetime(2026, 11, 21, 9, 0, 0, tzinfo=timezone.utc), None, "Geste commercial",
                ),
            ],
            page.transactions,
        )
        self.server.answer(200, '{"data":[],"has_more":false,"next_cursor":null}')
        self.assertEqual([], self.client.list_balance_transactions().transactions)
        self.assertEqual(
            [
                "GET /api/v1/abcdefghijklmnop/balance/ ",
                "GET /api/v1/abcdefghijklmnop/balance/transactions/ cursor=c0&limit=2",
                "GET /api/v1/abcdefghijklmnop/balance/transactions/ limit=20",
            ],
            [s.method + " " + s.path + " " + s.query for s in self.seen],
        )
        for s in self.seen:
            self.assertIsNone(s.header("Idempotency-Key"))

    def test_create_settlement_sends_the_amount_under_the_callers_key_or_a_fresh_one_kept_across_retries(self):
        self.record_sleeps()
        self.server.answer(201, SETTLEMENT)
        settlement = self.client.create_settlement(SettlementRequest("4500"), "settle-2026-11-28")
        request = self.seen[0]
        self.assertEqual("POST /api/v1/abcdefghijklmnop/settlements/", request.method + " " + request.path)
        self.assertEqual("settle-2026-11-28", request.header("Idempotency-Key"))
        self.assertEqual("application/json", request.header("Content-Type"))
        self.assertEqual('{"amount":"4500"}', request.body)
        self.assertEqual(
            Settlement(
                id="019ad0a4-2d25-7e47-8ab9-12e6c632952b",
                reference="STL-4KQ7ZP2M",
                environment="sandbox",
                amount=Decimal("4500.00"),
                currency="XOF",
                provider="WALLET_SN",
                destination="+221 77 *** ** 67",
                status="PROCESSING",
                payout_reference="OUT-TO0UE0ED",
                origin="api",
                failure_code=None,
                failure_reason=None,
                created_at=datetime(2026, 11, 28, 9, 15, 2, 118000, tzinfo=timezone.utc),
                updated_at=datetime(2026, 11, 28, 9, 15, 2, 118000, tzinfo=timezone.utc),
            ),
            settlement,
        )

        # All that is available, under a fresh key kept across a network error and a 429.
        self.server.answer(CLOSE)
        self.server.answer(429, '{"status":429}', {"Retry-After": "0"})
        self.server.answer(201, SETTLEMENT)
        self.client.create_settlement()
        retried = self.seen[1:]
        self.assertEqual(3, len(retried))
        key = retried[0].header("Idempotency-Key")
        self.assertRegex(key, r"^[0-9a-f-]{36}$")
        for s in retried:
            self.assertEqual(key, s.header("Idempotency-Key"))
            self.assertEqual("{}", s.body)
        with self.assertRaises(ValueError):
            self.client.create_settlement(SettlementRequest(), " ")
        with self.assertRaises(ValueError):
            SettlementRequest("4 500")
        self.assertEqual(4, len(self.seen))

    def test_a_settlement_the_balance_cannot_cover_is_a_409(self):
        self.server.answer(409, '{"status":409,"error":"Conflict","message":"The available balance does not cover 4500 XOF"}')
        with self.assertRaises(XaalisError) as caught:
            self.client.create_settlement(SettlementRequest(4500), "k-big")
        self.assertEqual(409, caught.exception.status)
        self.assertIn("does not cover", caught.exception.error.message)
        self.assertEqual(1, len(self.seen))

    def test_read_and_list_settlements_use_their_paths(self):
        self.server.answer(200, SETTLEMENT.replace('"PROCESSING"', '"PAID"'))
        self.assertEqual("PAID", self.client.read_settlement("019ad0a4-2d25-7e47-8ab9-12e6c632952b").status)
        self.server.answer(200, '{"data":[' + SETTLEMENT + '],"has_more":true,"next_cursor":"c1"}')
        page = self.client.list_settlements(SettlementQuery(limit=1))
        self.assertIsInstance(page, SettlementPage)
        self.assertEqual(["STL-4KQ7ZP2M"], [s.reference for s in page.settlements])
        self.assertTrue(page.has_more)
        self.server.answer(200, '{"data":[],"has_more":false,"next_cursor":null}')
        self.assertIsNone(self.client.list_settlements(SettlementQuery(limit=1).after(page.next_cursor)).next_cursor)
        self.assertEqual(
            [
                "GET /api/v1/abcdefghijklmnop/settlements/019ad0a4-2d25-7e47-8ab9-12e6c632952b/ ",
                "GET /api/v1/abcdefghijklmnop/settlements/ limit=1",
                "GET /api/v1/abcdefghijklmnop/settlements/ cursor=c1&limit=1",
            ],
            [s.method + " " + s.path + " " + s.query for s in self.seen],
        )

    def test_status_list_cancel_refund_and_simulate_use_their_paths(self):
        self.client.status("SVC-AB12CD34")
        self.server.answer(200, '{"data":[' + PAYMENT + '],"has_more":true,"next_cursor":"c1"}')
        page = self.client.list(PaymentQuery(status="SUCCESS", limit=5).after("c0"))
        self.client.cancel("SVC-AB12CD34")
        self.client.refund("SVC-AB12CD34")
        self.client.simulate("SVC-AB12CD34", Outcome.FAILED)
        self.assertIsInstance(page, PaymentPage)
        self.assertEqual(1, len(page.payments))
        self.assertEqual("SVC-AB12CD34", page.payments[0].reference)
        self.assertTrue(page.has_more)
        self.assertEqual("c1", page.next_cursor)
        self.assertEqual(
            [
                "GET /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/status/",
                "GET /api/v1/abcdefghijklmnop/payments/",
                "POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/cancel/",
                "POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/refund/",
                "POST /api/v1/abcdefghijklmnop/sandbox/payments/SVC-AB12CD34/simulate",
            ],
            [s.method + " " + s.path for s in self.seen],
        )
        self.assertEqual("status=SUCCESS&cursor=c0&limit=5", self.seen[1].query)
        self.assertEqual('{"outcome":"FAILED"}', self.seen[4].body)
        for posted in self.seen[2:]:
            self.assertRegex(posted.header("Idempotency-Key"), r"^[0-9a-f-]{36}$")
        self.assertEqual(3, len({s.header("Idempotency-Key") for s in self.seen[2:]}))
        self.assertIsNone(self.seen[0].header("Idempotency-Key"))
        self.assertIsNone(self.seen[0].header("Content-Type"))
        self.assertEqual("", self.seen[2].body)
        self.assertIsNone(self.seen[2].header("Content-Type"))

    def test_pay_with_code_posts_the_phone_and_the_code_and_returns_the_payment(self):
        self.server.answer(
            200, code_payment("SUCCESS", paid_at="2026-11-22T08:44:01.500000Z", fee="23.00", net_amount="1477.00")
        )
        payment = self.client.pay_with_code("SVC-AB12CD34", "77 123 45 67", "123456")
        request = self.seen[0]
        self.assertEqual("POST /api/v1/abcdefghijklmnop/payments/SVC-AB12CD34/otp", request.method + " " + request.path)
        self.assertEqual("pk_test_key", request.header("X-Api-Key"))
        self.assertEqual("sk_test_secret", request.header("X-Api-Secret"))
        self.assertEqual("application/json", request.header("Content-Type"))
        self.assertRegex(request.header("Idempotency-Key"), r"^[0-9a-f-]{36}$")
        self.assertEqual('{"customer_phone":"77 123 45 67","otp":"123456"}', request.body)

        self.assertIsInstance(payment, Payment)
        self.assertEqual("SVC-AB12CD34", payment.reference)
        self.assertEqual("MOBILEMONEY_SN", payment.provider)
        self.assertEqual("SUCCESS", payment.status)
        self.assertEqual(datetime(2026, 11, 22, 8, 44, 1, 500000, tzinfo=timezone.utc), payment.paid_at)
        self.assertEqual(Decimal("23.00"), payment.fee)
        self.assertEqual("1477.00", str(payment.net_amount))
        self.assertTrue(payment.is_final)

        # Each call its own idempotency key; the reference is one encoded path segment.
        self.client.pay_with_code("SVC/../x y", "+221771234567", "654321")
        self.assertEqual("/api/v1/abcdefghijklmnop/payments/SVC%2F..%2Fx%20y/otp", self.seen[1].path)
        self.assertNotEqual(request.header("Idempotency-Key"), self.seen[1].header("Idempotency-Key"))

    def test_pay_with_code_returns_a_failure_and_a_202_still_processing(self):
        self.server.answer(200, code_payment("FAILED", error_message="Insufficient funds"))
        failed = self.client.pay_with_code("SVC-AB12CD34", "771234567", "111111")
        self.assertEqual("FAILED", failed.status)
        self.assertEqual("Insufficient funds", failed.error_message)
        self.assertIsNone(failed.fee)
        self.assertIsNone(failed.net_amount)

        # 202: the operator has not answered yet; the webhook or a status read tells the end.
        self.server.answer(202, code_payment("PROCESSING"))
        waiting = self.client.pay_with_code("SVC-AB12CD34", "771234567", "222222")
        self.assertEqual("PROCESSING", waiting.status)
        self.assertFalse(waiting.is_final)
        self.assertEqual(2, len(self.seen))

    def test_a_refused_code_is_a_400_with_its_field_never_in_the_message(self):
        def error(status, name, message, errors):
            return json.dumps({"status": status, "error": name, "message": message,
                               "timestamp": "2026-11-22T08:42:45.123+00:00", "errors": errors})

        self.server.answer(400, error(400, "Bad Request", "Invalid request: otp",
                                      {"otp": ["was refused by the operator: 2 tries left"]}))
        with self.assertRaises(XaalisError) as caught:
            self.client.pay_with_code("SVC-AB12CD34", "77 123 45 67", "918273")
        e = caught.exception
        self.assertEqual(400, e.status)
        self.assertFalse(e.retryable)
        self.assertEqual(["otp"], list(e.error.errors))
        self.assertNotIn("918273", str(e))
        self.assertNotIn("918273", repr(e))
        self.assertNotIn("918273", repr(e.error))
        self.server.answer(409, error(409, "Conflict", "The payment is SUCCESS, not PROCESSING", {}))
        with self.assertRaises(XaalisError) as caught:
            self.client.pay_with_code("SVC-AB12CD34", "77 123 45 67", "918273")
        self.assertEqual(409, caught.exception.status)
        self.assertTrue(caught.exception.retryable)
        self.server.answer(503, error(503, "Service Unavailable", "The provider cannot be reached", {}))
        with self.assertRaises(XaalisError) as caught:
            self.client.pay_with_code("SVC-AB12CD34", "77 123 45 67", "918273")
        self.assertEqual(503, caught.exception.status)
        self.assertTrue(caught.exception.retryable)
        # Errors other than 429 are not retried: the code was sent once per call.
        self.assertEqual(3, len(self.seen))
        # A code is text (a number would lose its leading zeros); nothing is sent.
        with self.assertRaises(TypeError) as caught:
            self.client.pay_with_code("SVC-AB12CD34", "77 123 45 67", 12345)
        self.assertNotIn("12345", str(caught.exception))
        with self.assertRaises(TypeError):
            self.client.pay_with_code("SVC-AB12CD34", None, "123456")
        self.assertEqual(3, len(self.seen))

    def test_pay_with_code_retries_a_429_and_a_network_error_with_the_same_key_and_body(self):
        self.server.answer(CLOSE)
        self.server.answer(429, '{"status":429}', {"Retry-After": "0"})
        self.server.answer(200, code_payment("SUCCESS"))
        payment = self.client.pay_with_code("SVC-AB12CD34", "77 123 45 67", "123456")
        self.assertEqual("SUCCESS", payment.status)
        self.assertEqual(3, len(self.seen))
        self.assertEqual(1, len({s.header("Idempotency-Key") for s in self.seen}))
        self.assertEqual(['{"customer_phone":"77 123 45 67","otp":"123456"}'] * 3, [s.body for s in self.seen])

    def test_list_filters_and_pages(self):
        self.server.answer(200, '{"data":[],"has_more":false,"next_cursor":null}')
        self.server.answer(200, '{"data":[],"has_more":false,"next_cursor":null}')
        page = self.client.list()
        self.client.list(
            PaymentQuery(
                provider="MOBILEMONEY_SN",
                created_from=datetime(2026, 11, 22, tzinfo=timezone.utc),
                created_to=datetime(2026, 11, 22, 10, 30, 0, 500000, tzinfo=timezone(timedelta(hours=1))),
                cursor="a+b/c",
            )
        )
        self.assertEqual([], page.payments)
        self.assertFalse(page.has_more)
        self.assertIsNone(page.next_cursor)
        self.assertEqual("limit=20", self.seen[0].query)
        self.assertEqual(
            "provider=MOBILEMONEY_SN&created_from=2026-11-22T00%3A00%3A00Z"
            "&created_to=2026-11-22T09%3A30%3A00.500000Z&cursor=a%2Bb%2Fc&limit=20",
            self.seen[1].query,
        )
        with self.assertRaises(ValueError):
            self.client.list(PaymentQuery(created_from=datetime(2026, 11, 22)))

    def test_payment_links_create_list_and_deactivate(self):
        self.server.answer(201, LINK)
        link = self.client.create_payment_link(
            PaymentLinkRequest(
                min_amount="1000",
                max_amount=Decimal("50000"),
                description="Donation",
                providers=["WALLET_SN", "MOBILEMONEY_SN"],
                single_use=False,
                expires_at=datetime(2026, 12, 31, 23, 59, 59, tzinfo=timezone.utc),
            ),
            idempotency_key="link-1",
        )
        self.server.answer(200, '{"data":[' + LINK + '],"has_more":true,"next_cursor":"c1"}')
        page = self.client.list_payment_links(cursor="c0", limit=5)
        self.server.answer(200, LINK.replace('"active":true,"state":"OPEN"', '"active":false,"state":"DEACTIVATED"'))
        gone = self.client.deactivate_payment_link("k4m2qx7vbnw3tz5a")

        self.assertIsInstance(link, PaymentLink)
        self.assertEqual("k4m2qx7vbnw3tz5a", link.code)
        self.assertEqual("https://pay.example/l/k4m2qx7vbnw3tz5a", link.url)
        self.assertEqual("iVBOR", link.qr_code)
        self.assertIsNone(link.amount)
        self.assertEqual(Decimal("1000.00"), link.min_amount)
        self.assertEqual(Decimal("50000.00"), link.max_amount)
        self.assertEqual(["WALLET_SN", "MOBILEMONEY_SN"], link.providers)
        self.assertFalse(link.single_use)
        self.assertTrue(link.active)
        self.assertEqual("OPEN", link.state)
        self.assertEqual(datetime(2026, 12, 31, 23, 59, 59, tzinfo=timezone.utc), link.expires_at)
        self.assertEqual(datetime(2026, 11, 22, 8, 42, 45, 123400, tzinfo=timezone.utc), link.created_at)
        self.assertIsInstance(page, PaymentLinkPage)
        self.assertEqual(["k4m2qx7vbnw3tz5a"], [l.code for l in page.links])
        self.assertTrue(page.has_more)
        self.assertEqual("c1", page.next_cursor)
        self.assertFalse(gone.active)
        self.assertEqual("DEACTIVATED", gone.state)

        self.assertEqual(
            [
                "POST /api/v1/abcdefghijklmnop/payment-links/",
                "GET /api/v1/abcdefghijklmnop/payment-links/",
                "POST /api/v1/abcdefghijklmnop/payment-links/k4m2qx7vbnw3tz5a/deactivate/",
            ],
            [s.method + " " + s.path for s in self.seen],
        )
        self.assertEqual(
            '{"min_amount":"1000","max_amount":"50000","description":"Donation",'
            '"providers":["WALLET_SN","MOBILEMONEY_SN"],"single_use":false,"expires_at":"2026-12-31T23:59:59Z"}',
            self.seen[0].body,
        )
        self.assertEqual("link-1", self.seen[0].header("Idempotency-Key"))
        self.assertEqual("application/json", self.seen[0].header("Content-Type"))
        self.assertEqual("cursor=c0&limit=5", self.seen[1].query)
        self.assertIsNone(self.seen[1].header("Idempotency-Key"))
        self.assertRegex(self.seen[2].header("Idempotency-Key"), r"^[0-9a-f-]{36}$")
        self.assertEqual("", self.seen[2].body)

    def test_a_fixed_amount_link_and_its_validation(self):
        self.assertEqual({"amount": "4500"}, PaymentLinkRequest(amount=4500)._body())
        self.assertEqual({"amount": "10.50", "single_use": True}, PaymentLinkRequest(amount="10.50", single_use=True)._body())
        with self.assertRaises(ValueError):
            PaymentLinkRequest(amount="ten")
        with self.assertRaises(TypeError):
            PaymentLinkRequest(amount="1", providers="WALLET_SN")
        with self.assertRaises(ValueError):
            PaymentLinkRequest(amount="1", expires_at=datetime(2027, 1, 1))
        with self.assertRaises(TypeError):
            self.client.create_payment_link({"amount": "1"})
        self.server.answer(200, '{"data":[],"has_more":false,"next_cursor":null}')
        self.assertEqual([], self.client.list_payment_links().links)
        self.assertEqual("limit=20", self.seen[0].query)

    def test_simulate_can_record_why_a_payment_failed(self):
        self.client.simulate("SVC-AB12CD34", Outcome.FAILED, error_message="Solde insuffisant")
        self.assertEqual('{"outcome":"FAILED","error_message":"Solde insuffisant"}', self.seen[0].body)

    def test_references_are_one_path_segment(self):
        self.client.status("SVC/../x y")
        self.assertEqual("/api/v1/abcdefghijklmnop/payments/SVC%2F..%2Fx%20y/status/", self.seen[0].path)

    def test_simulate_takes_an_outcome_or_its_name(self):
        self.client.simulate("SVC-AB12CD34", "CANCELLED")
        self.assertEqual('{"outcome":"CANCELLED"}', self.seen[0].body)
        with self.assertRaises(ValueError):
            self.client.simulate("SVC-AB12CD34", "PAID")
        self.assertEqual(1, len(self.seen))

    def test_from_environment_names_the_missing_variable(self):
        with self.assertRaises(ValueError) as caught:
            XaalisClient.from_environment({"XAALIS_BASE_URL": "http://x"})
        self.assertIn("XAALIS_ENDPOINT_KEY", str(caught.exception))
        with self.assertRaises(ValueError) as caught:
            XaalisClient.from_environment({"XAALIS_BASE_URL": "http://x", "XAALIS_ENDPOINT_KEY": "k",
                                   "XAALIS_API_KEY": "pk", "XAALIS_API_SECRET": " "})
        self.assertIn("XAALIS_API_SECRET", str(caught.exception))
        client = XaalisClient.from_environment(
            {
                "XAALIS_BASE_URL": self.server.base,
                "XAALIS_ENDPOINT_KEY": "k",
                "XAALIS_API_KEY": "pk_test_a",
                "XAALIS_API_SECRET": "sk_test_b",
            },
            max_retries=0,
        )
        self.assertNotIn("sk_test_b", repr(client))
        self.assertIn("pk_test_a", repr(client))
        client.status("SVC-AB12CD34")
        self.assertEqual("sk_test_b", self.seen[0].header("X-Api-Secret"))
        self.assertEqual("/api/v1/k/payments/SVC-AB12CD34/status/", self.seen[0].path)

    def test_refuses_unusable_configuration(self):
        for args, kwargs in (
            (("", "k", "pk", "sk"), {}),
            (("ftp://x", "k", "pk", "sk"), {}),
            (("x.example", "k", "pk", "sk"), {}),
            (("http://x", "", "pk", "sk"), {}),
            (("http://x", "k", None, "sk"), {}),
            (("http://x", "k", "pk", ""), {}),
            (("http://x", "k", "pk", "sk"), {"max_retries": -1}),
            (("http://x", "k", "pk", "sk"), {"request_timeout": -1}),
        ):
            with self.subTest(args=args, kwargs=kwargs):
                with self.assertRaises(ValueError):
                    XaalisClient(*args, **kwargs)


class InstantTest(unittest.TestCase):
    def test_reads_what_the_api_writes(self):
        utc = timezone.utc
        self.assertEqual(datetime(2026, 11, 22, 8, 42, 45, 123400, utc), parse_instant("2026-11-22T08:42:45.123400Z"))
        self.assertEqual(datetime(2026, 11, 22, 8, 42, 45, tzinfo=utc), parse_instant("2026-11-22T08:42:45Z"))
        self.assertEqual(datetime(2026, 11, 22, 8, 42, 45, 123456, utc), parse_instant("2026-11-22T08:42:45.123456789Z"))
        self.assertEqual(datetime(2026, 11, 22, 7, 42, 45, 123000, utc), parse_instant("2026-11-22T08:42:45.123+01:00"))
        self.assertEqual(datetime(2026, 11, 22, 13, 12, 45, tzinfo=utc), parse_instant("2026-11-22T08:42:45-04:30"))
        for bad in ("2026-11-22", "2026-11-22T08:42:45", "yesterday", "2026-11-22T08:42:45.Z"):
            with self.subTest(text=bad):
                with self.assertRaises(ValueError):
                    parse_instant(bad)

    def test_a_payment_with_an_unreadable_time_is_an_invalid_response(self):
        server = ScriptedServer()
        self.addCleanup(server.stop)
        server.answer(200, json.dumps({"reference": "SVC-1", "created_at": "soon"}))
        client = XaalisClient(server.base, "k", "pk", "sk")
        with self.assertRaises(XaalisError) as caught:
            client.status("SVC-1")
        self.assertEqual("Invalid response", caught.exception.error.error)


if __name__ == "__main__":
    unittest.main()
