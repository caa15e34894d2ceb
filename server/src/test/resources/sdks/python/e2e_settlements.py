"""The Python library's balance and settlements against a running Xaalis, driven by PythonLibraryIT.

Configured like a merchant's server (XAALIS_BASE_URL, XAALIS_ENDPOINT_KEY, XAALIS_API_KEY,
XAALIS_API_SECRET), whose sandbox application has an available balance and a settlement number. Reads the
balance, settles part of it (a replay, refusals), then the rest under a key of the library's own, and reads
the settlements and the balance's transactions back; prints one line ``RESULT {json}`` for the test to
check (LibrarySettlements).
"""

import json

from xaalis import BalanceTransactionQuery, SettlementQuery, SettlementRequest, XaalisClient, XaalisError


def text(value):
    return None if value is None else str(value)


def balance_json(b):
    return {"environment": b.environment, "currency": b.currency, "available": text(b.available),
            "pending": text(b.pending)}


def settlement_json(s):
    return {
        "id": s.id, "reference": s.reference, "environment": s.environment, "amount": text(s.amount),
        "currency": s.currency, "provider": s.provider, "destination": s.destination, "status": s.status,
        "payout_reference": s.payout_reference, "origin": s.origin, "failure_code": s.failure_code,
        "has_times": s.created_at is not None and s.updated_at is not None,
    }


def refusal(call):
    try:
        call()
    except XaalisError as e:
        return {"status": e.status, "retryable": e.retryable}
    return None


def main():
    xaalis = XaalisClient.from_environment()
    before = xaalis.balance()
    created = xaalis.create_settlement(SettlementRequest("1000"), "py-settle-1")
    replayed = xaalis.create_settlement(SettlementRequest("1000"), "py-settle-1")
    report = {
        "balance_before": balance_json(before),
        "created": settlement_json(created),
        "replayed_id": replayed.id,
        "conflict": refusal(lambda: xaalis.create_settlement(SettlementRequest("500"), "py-settle-1")),
        "too_much": refusal(lambda: xaalis.create_settlement(SettlementRequest("100000"), "py-settle-big")),
    }
    # All the rest, under a key the library makes.
    report["rest"] = settlement_json(xaalis.create_settlement())
    report["balance_after"] = balance_json(xaalis.balance())
    report["read"] = settlement_json(xaalis.read_settlement(created.id))
    first = xaalis.list_settlements(SettlementQuery(limit=1))
    second = xaalis.list_settlements(SettlementQuery(limit=1).after(first.next_cursor))
    report["settlement_pages"] = [
        {"ids": [s.id for s in first.settlements], "has_more": first.has_more},
        {"ids": [s.id for s in second.settlements], "has_more": second.has_more},
    ]
    page = xaalis.list_balance_transactions(BalanceTransactionQuery(limit=2))
    after = xaalis.list_balance_transactions(BalanceTransactionQuery(limit=2).after(page.next_cursor))
    report["first_transactions"] = {"size": len(page.transactions), "has_more": page.has_more}
    report["transactions"] = [
        {
            "id": t.id, "type": t.type, "amount": text(t.amount), "fee": text(t.fee), "net": text(t.net),
            "reference": t.reference, "has_created_at": t.created_at is not None,
            "available_on": None if t.available_on is None else t.available_on.isoformat(),
        }
        for t in page.transactions + after.transactions
    ]
    report["unknown"] = refusal(lambda: xaalis.read_settlement("019ad0a4-2d25-7e47-8ab9-000000000000"))
    print("RESULT " + json.dumps(report))


if __name__ == "__main__":
    main()
