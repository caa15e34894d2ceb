"""The Python library's payouts against a running Xaalis, driven by PythonLibraryIT.

Configured like a merchant's server (XAALIS_BASE_URL, XAALIS_ENDPOINT_KEY, XAALIS_API_KEY,
XAALIS_API_SECRET); the client modes print one line ``RESULT {json}`` for the test to check.

    python3 e2e_payouts.py create         three sandbox payouts (success, failure, reversal), a replay, refusals
    python3 e2e_payouts.py read REF...    each payout read back, and the lists
    python3 e2e_payouts.py receive        a receiver on HOST:PORT verifying each notification with the
                                          library's WebhookVerifier, one JSON line per event in EVENTS_FILE
"""

import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Lock

from xaalis import (
    PayoutQuery,
    PayoutRequest,
    WebhookVerificationError,
    WebhookVerifier,
    XaalisClient,
    XaalisError,
)

SUCCESS, FAILS, REVERSED = "+221771234567", "+221700000011", "+221700000012"


def request(phone):
    return PayoutRequest(
        "WALLET_SN", "5000", phone, recipient_name="Awa Diop", reason="Commission", metadata={"staff_id": "S-12"}
    )


def payout_json(payout):
    return {
        "reference": payout.reference,
        "status": payout.status,
        "amount": None if payout.amount is None else str(payout.amount),
        "fee": None if payout.fee is None else str(payout.fee),
        "recipient_phone": payout.recipient_phone,
        "failure_code": payout.failure_code,
        "metadata": payout.metadata,
    }


def refusal(call):
    try:
        call()
    except XaalisError as e:
        return {"status": e.status, "retryable": e.retryable, "fields": sorted(e.error.errors) if e.error else []}
    except (TypeError, ValueError) as e:
        return {"status": 0, "raised": type(e).__name__}
    return None


def create(xaalis):
    success = xaalis.create_payout(request(SUCCESS), "py-payout-success")
    replayed = xaalis.create_payout(request(SUCCESS), "py-payout-success")
    failed = xaalis.create_payout(request(FAILS), "py-payout-failed")
    reversed_ = xaalis.create_payout(request(REVERSED), "py-payout-reversed")
    return {
        "success": payout_json(success),
        "failed": payout_json(failed),
        "reversed": payout_json(reversed_),
        "replayed_reference": replayed.reference,
        # Another body under a key already used: refused, nothing sent.
        "conflict": refusal(lambda: xaalis.create_payout(request("+221761234567"), "py-payout-success")),
        # No key: refused by the library before any call.
        "missing_key": refusal(lambda: xaalis.create_payout(request(SUCCESS), None)),
        "unknown": refusal(lambda: xaalis.read_payout("OUT-ZZZZZZZZ")),
    }


def read(xaalis, references):
    first = xaalis.list_payouts(PayoutQuery(limit=1))
    second = xaalis.list_payouts(PayoutQuery(limit=1).after(first.next_cursor))
    return {
        "read": {ref: payout_json(xaalis.read_payout(ref)) for ref in references},
        "listed": [p.reference for p in xaalis.list_payouts(PayoutQuery(limit=100)).payouts],
        "listed_failed": [p.reference for p in xaalis.list_payouts(PayoutQuery(status="FAILED")).payouts],
        "first_page": {"size": len(first.payouts), "has_more": first.has_more, "cursor": first.next_cursor is not None},
        "second_page_other": bool(second.payouts) and second.payouts[0].reference != first.payouts[0].reference,
    }


def receive():
    verifier = WebhookVerifier(os.environ["XAALIS_API_SECRET"])
    events = os.environ["EVENTS_FILE"]
    lock = Lock()

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            try:
                event = verifier.verify(body, self.headers.get("X-SVC-Signature"))
            except WebhookVerificationError as e:
                print("Refused a notification: " + e.reason, flush=True)
                self.send_response(401)
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            payout = event.payout
            line = {
                "id": event.id,
                "event": event.event,
                "reference": event.reference,
                "status": event.status,
                "is_payout": payout is not None,
                "payout": None if payout is None else payout_json(payout),
            }
            with lock, open(events, "a", encoding="utf-8") as out:
                out.write(json.dumps(line) + "\n")
            self.send_response(200)
            self.send_header("Content-Length", "0")
            self.end_headers()

    server = ThreadingHTTPServer((os.environ.get("HOST", "127.0.0.1"), int(os.environ["PORT"])), Handler)
    print("Listening on port %d" % server.server_address[1], flush=True)
    server.serve_forever()


def main():
    mode = sys.argv[1]
    if mode == "receive":
        receive()
        return
    xaalis = XaalisClient.from_environment()
    result = create(xaalis) if mode == "create" else read(xaalis, sys.argv[2:])
    print("RESULT " + json.dumps(result))


if __name__ == "__main__":
    main()
