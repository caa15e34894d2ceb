"""The Python library's client against a running Xaalis, driven by PythonLibraryIT.

Configured like a merchant's server (XAALIS_BASE_URL, XAALIS_ENDPOINT_KEY, XAALIS_API_KEY,
XAALIS_API_SECRET); prints one line ``RESULT {json}`` for the test to check.

    python3 e2e_client.py pay ORDER_ID AMOUNT   initiate, read the status, simulate SUCCESS
    python3 e2e_client.py checks REFERENCE      list, a refused initiation, cancel (and a refused cancel)
    python3 e2e_client.py refund REFERENCE      refund
    python3 e2e_client.py links                 create, list and deactivate payment links
    python3 e2e_client.py code                  two MOBILEMONEY_SN payments completed with one-time codes
"""

import json
import sys

from datetime import datetime, timedelta, timezone

from xaalis import Outcome, PaymentLinkRequest, PaymentQuery, PaymentRequest, XaalisClient, XaalisError


def pay(xaalis, order_id, amount):
    payment = xaalis.initiate(
        PaymentRequest("WALLET_SN", amount, metadata={"order_id": order_id}, description="Thiéboudienne x2"),
        idempotency_key="order-" + order_id,
    )
    # The same idempotency key again returns the same payment, not a second one.
    again = xaalis.initiate(
        PaymentRequest("WALLET_SN", amount, metadata={"order_id": order_id}, description="Thiéboudienne x2"),
        idempotency_key="order-" + order_id,
    )
    status = xaalis.status(payment.reference)
    succeeded = xaalis.simulate(payment.reference, Outcome.SUCCESS)
    return {
        "reference": payment.reference,
        "same_reference_again": again.reference == payment.reference,
        "initiated_status": payment.status,
        "amount": str(payment.amount),
        "has_qr_code": bool(payment.qr_code),
        "deep_links": sorted(payment.deep_links),
        "created_at_aware": payment.created_at is not None and payment.created_at.tzinfo is not None,
        "status_order_id": status.metadata.get("order_id"),
        "status_status": status.status,
        "simulated_status": succeeded.status,
        "simulated_paid_at": succeeded.paid_at is not None,
    }


def checks(xaalis, reference):
    page = xaalis.list(PaymentQuery(status="SUCCESS"))
    try:
        xaalis.initiate(PaymentRequest("MOBILEMONEY_SN", "1500.50"))
        refused = None
    except XaalisError as e:
        refused = {
            "status": e.status,
            "retryable": e.retryable,
            "fields": sorted(e.error.errors),
            "timestamp": e.error.timestamp,
            "message": e.error.message,
        }
    other = xaalis.initiate(PaymentRequest("WALLET_SN", 700))
    cancelled = xaalis.cancel(other.reference)
    try:
        xaalis.cancel(reference)
        conflict = None
    except XaalisError as e:
        conflict = {"status": e.status, "retryable": e.retryable}
    return {
        "listed": [p.reference for p in page.payments],
        "has_more": page.has_more,
        "refused": refused,
        "cancelled_reference": other.reference,
        "cancelled_status": cancelled.status,
        "cancel_conflict": conflict,
    }


def refund(xaalis, reference):
    refunded = xaalis.refund(reference)
    return {"status": refunded.status, "final": refunded.is_final}


def links(xaalis):
    expires = datetime.now(timezone.utc).replace(microsecond=0) + timedelta(days=30)
    fixed = xaalis.create_payment_link(
        PaymentLinkRequest(amount="2500", description="Menu du jour", providers=["WALLET_SN"], expires_at=expires),
        idempotency_key="link-menu",
    )
    again = xaalis.create_payment_link(
        PaymentLinkRequest(amount="2500", description="Menu du jour", providers=["WALLET_SN"], expires_at=expires),
        idempotency_key="link-menu",
    )
    ranged = xaalis.create_payment_link(PaymentLinkRequest(min_amount=1000, max_amount="50000", single_use=True))
    page = xaalis.list_payment_links(limit=10)
    deactivated = xaalis.deactivate_payment_link(fixed.code)
    try:
        xaalis.create_payment_link(PaymentLinkRequest(min_amount="5000", max_amount="1000"))
        refused = None
    except XaalisError as e:
        refused = {"status": e.status, "fields": sorted(e.error.errors)}
    return {
        "fixed": {
            "code": fixed.code,
            "url_ends_with_code": fixed.url.endswith("/l/" + fixed.code),
            "has_qr_code": bool(fixed.qr_code),
            "amount": str(fixed.amount),
            "providers": fixed.providers,
            "expires_at_matches": fixed.expires_at == expires,
            "state": fixed.state,
            "active": fixed.active,
        },
        "same_code_again": again.code == fixed.code,
        "ranged": {"min": str(ranged.min_amount), "max": str(ranged.max_amount), "amount": ranged.amount,
                   "single_use": ranged.single_use},
        "listed": [link.code for link in page.links],
        "deactivated": {"active": deactivated.active, "state": deactivated.state},
        "refused": refused,
    }


def code(xaalis):
    # Numbers of this command only: the server counts codes per number.
    payment = xaalis.initiate(PaymentRequest("MOBILEMONEY_SN", 4500))
    paid = xaalis.pay_with_code(payment.reference, "77 104 00 01", "123456")
    other = xaalis.initiate(PaymentRequest("MOBILEMONEY_SN", "4500"))
    try:
        xaalis.pay_with_code(other.reference, "+221 77 104 00 02", "000000")
        refused = None
    except XaalisError as e:
        refused = {
            "status": e.status,
            "retryable": e.retryable,
            "fields": sorted(e.error.errors),
            "code_in_message": "000000" in str(e) or "000000" in repr(e),
        }
    return {
        "initiated_status": payment.status,
        "paid": {
            "same_reference": paid.reference == payment.reference,
            "provider": paid.provider,
            "status": paid.status,
            "amount": str(paid.amount),
            "paid_at_aware": paid.paid_at is not None and paid.paid_at.tzinfo is not None,
            "final": paid.is_final,
            "status_read": xaalis.status(payment.reference).status,
        },
        "refused": refused,
        "refused_status_read": xaalis.status(other.reference).status,
    }


def main(argv):
    xaalis = XaalisClient.from_environment()
    command, args = argv[1], argv[2:]
    result = {"pay": pay, "checks": checks, "refund": refund, "links": links, "code": code}[command](xaalis, *args)
    print("RESULT " + json.dumps(result, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
