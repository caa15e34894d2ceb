"""The statement of a merchant with a million movements (issue 49; bench/README.md, "Ledger (issue 49)").

    python3 bench/statement.py [--movements 1000000] [--skip-build] [--rounds 5]

On a fresh PostgreSQL database (XAALIS_BENCH_DB, default xaalis_statement_bench; port XAALIS_BENCH_PORT,
default 18180, so that it runs beside the other benchmarks), a server as it ships (harness.start_server)
with the statement's closing job every 5 s; one merchant, one application. Its history is written
straight into the ledger's tables by SQL (a year of movements before the day: payments with a 1.5 % fee,
refunds, settlements), with as many payments in the payments table (one in a hundred on the merchant's
own connection), then VACUUM ANALYZE; the closing job writes the application's closing once, and then:

1. the statement's page (totals, the first page of movements, the direct collections) for this month,
   last month, and the whole year (every movement: the totals add up all of them), each --rounds times
   after one unrecorded: median and max, in ms, as the browser gets it (sign-in session, full body);
2. the page of movements in the middle of the year (the running balance sums the half before it);
3. the CSV download of the whole year: time to the first byte, to the last, bytes and lines.

Figures only; nothing is asserted. The machine's load average is printed with them: the machine may be
shared.
"""
import argparse, base64, http.client, json, os, statistics, sys, time

os.environ.setdefault("XAALIS_BENCH_DB", "xaalis_statement_bench")
os.environ.setdefault("XAALIS_BENCH_PORT", "18180")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402
import payouts  # noqa: E402  (its Portal: a browser's session and CSRF token)

FILL = """
WITH m AS (
  SELECT i,
         now() - make_interval(secs => (365.0 * 86400 * (:n - i) / :n) + 7200) AS at,
         CASE WHEN i % 50 = 0 THEN 'settlement' WHEN i % 12 = 0 THEN 'refund' ELSE 'payment' END AS type,
         (500 + (i::bigint * 7919) % 49500)::numeric AS base
  FROM generate_series(1, :n) AS i)
INSERT INTO ledger_transactions (id, cause_kind, cause_id, type, application_id, environment, currency, amount, fee,
                                 net, reference, created_at, available_on)
SELECT gen_random_uuid(), 'bench', i::text, type, :'app', 'sandbox', 'XOF',
       CASE WHEN type = 'payment' THEN base ELSE -base END,
       CASE WHEN type = 'payment' THEN round(base * 0.015) ELSE 0 END,
       CASE WHEN type = 'payment' THEN base - round(base * 0.015) ELSE -base END,
       'SVC-' || lpad(upper(to_hex(i)), 8, '0'), at, CASE WHEN type = 'payment' THEN (at + interval '1 day')::date END
FROM m;
INSERT INTO payments (id, reference, application_id, environment, provider, amount, currency, status, metadata,
                      provider_reference, deep_links, expires_at, created_at, updated_at, paid_at, connection_id)
SELECT gen_random_uuid(), 'SVC-' || lpad(upper(to_hex(i)), 8, '0'), :'app', 'sandbox', 'WALLET_SN',
       500 + (i::bigint * 7919) % 49500, 'XOF', 'SUCCESS', '{}', 'bench-' || i, '{}', at + interval '15 minutes', at, at, at,
       CASE WHEN i % 100 = 0 THEN gen_random_uuid() END
FROM (SELECT i, now() - make_interval(secs => (365.0 * 86400 * (:n - i) / :n) + 7200) AS at
      FROM generate_series(1, :n) AS i) AS p;
INSERT INTO ledger_balances (account_key, application_id, environment, kind, currency, balance)
SELECT 'available:' || :'app' || ':sandbox:XOF', :'app', 'sandbox', 'available', 'XOF', COALESCE(SUM(net), 0)
FROM ledger_transactions WHERE application_id = :'app';
"""


def timed_get(portal, path):
    started = time.monotonic()
    code, _, text = portal.request("GET", path)
    elapsed = (time.monotonic() - started) * 1000
    if code != 200:
        raise SystemExit(f"GET {path} answered {code}: {text[:500]}")
    return elapsed, text


def measure_page(portal, path, rounds):
    timed_get(portal, path)  # unrecorded
    times = [timed_get(portal, path)[0] for _ in range(rounds)]
    return {"median_ms": round(statistics.median(times), 1), "max_ms": round(max(times), 1),
            "runs_ms": [round(t, 1) for t in times]}


def download(portal, path):
    conn = http.client.HTTPConnection("127.0.0.1", h.SERVER_PORT, timeout=600)
    headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in portal.cookies.items())}
    started = time.monotonic()
    conn.request("GET", path, headers=headers)
    response = conn.getresponse()
    first = None
    size = lines = 0
    while True:
        chunk = response.read(1 << 16)
        if not chunk:
            break
        if first is None:
            first = time.monotonic()
        size += len(chunk)
        lines += chunk.count(b"\n")
    total = time.monotonic() - started
    if response.status != 200:
        raise SystemExit(f"GET {path} answered {response.status}")
    return {"first_byte_ms": round(((first or time.monotonic()) - started) * 1000, 1),
            "total_s": round(total, 2), "bytes": size, "lines": lines}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--movements", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--skip-build", action="store_true")
    args = parser.parse_args()
    if not args.skip_build:
        h.build_server()
    h.fresh_database()
    server = h.serving({"XAALIS_STATEMENT_CLOSING_INTERVAL": "PT5S"}, "/tmp/xaalis-statement-bench-server.log")
    results = {"when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "movements": args.movements,
               "machine": {"cpus": os.cpu_count()}}
    try:
        email = f"statement{time.time_ns()}@example.com"
        merchant = h.admin("POST", "/merchants", {"name": "Bench", "email": email, "password": h.PASSWORD})
        app = h.admin("POST", f"/merchants/{merchant['id']}/applications",
                      {"name": "bench", "providers": ["WALLET_SN", "MOBILEMONEY_SN"]})
        h.log(f"writing {args.movements:,} movements and payments")
        started = time.monotonic()
        h.psql_file(FILL, {"n": str(args.movements), "app": app["id"]})
        h.psql("VACUUM ANALYZE", h.DB)
        results["fill_s"] = round(time.monotonic() - started, 1)
        h.log(f"written in {results['fill_s']} s; waiting for the closing job")
        started = time.monotonic()
        while h.psql(f"SELECT COUNT(*) FROM statement_closings WHERE application_id = '{app['id']}'", h.DB).strip() == "0":
            if time.monotonic() - started > 600:
                raise SystemExit("no closing written within 10 minutes")
            time.sleep(0.5)
        results["closing_job_s"] = round(time.monotonic() - started, 1)
        results["load_before"] = h.load_average()

        portal = payouts.sign_in(email)
        page = f"/portal/applications/{app['id']}/statement"
        today = time.strftime("%Y-%m-%d", time.gmtime())
        year_ago = time.strftime("%Y-%m-%d", time.gmtime(time.time() - 366 * 86400))
        year = f"?env=sandbox&period=custom&from={year_ago}&to={today}"
        figures = {}
        for name, query in (("this_month", "?env=sandbox&period=this-month"),
                            ("last_month", "?env=sandbox&period=last-month"), ("whole_year", year)):
            h.log(f"statement page, {name}")
            figures[name] = measure_page(portal, page + query, args.rounds)
        count = h.psql(f"SELECT COUNT(*) FROM ledger_transactions WHERE application_id = '{app['id']}'", h.DB).strip()
        # The middle of the year: the cursor of the movement halfway, as the page's "next" link writes it.
        seconds, micros, id_ = h.psql(
            f"SELECT floor(extract(epoch FROM created_at))::bigint, extract(microseconds FROM created_at)::bigint % 1000000,"
            f" id FROM ledger_transactions WHERE application_id = '{app['id']}' AND type NOT IN ('release', 'refund_sent')"
            f" ORDER BY created_at, id OFFSET {int(count) // 2} LIMIT 1", h.DB).strip().split("|")
        raw = f"{seconds}.{int(micros) * 1000}.{id_}".encode()
        cursor = base64.urlsafe_b64encode(raw).decode().rstrip("=")
        h.log("statement page, the middle of the year")
        figures["whole_year_middle_page"] = measure_page(portal, page + year + "&after=" + cursor, args.rounds)
        h.log("CSV of the whole year")
        timed_get(portal, page + ".csv?env=sandbox&period=this-month")  # warms the download's path
        figures["csv_whole_year"] = download(portal, page + ".csv" + year)
        results["figures"] = figures
        results["load_after"] = h.load_average()
        results["movements_in_db"] = int(count)
    finally:
        h.stop_server(server)
    os.makedirs(os.path.join(h.BENCH, "results"), exist_ok=True)
    out = os.path.join(h.BENCH, "results", f"statement-{time.strftime('%Y%m%dT%H%M%S')}.json")
    with open(out, "w") as f:
        json.dump(results, f, indent=2)
    print()
    print(f"Statement of a merchant with {results['movements_in_db']:,} movements (load before {results['load_before']},"
          f" after {results['load_after']}, {os.cpu_count()} CPUs)")
    for name, figure in results["figures"].items():
        print(f"  {name:24} {json.dumps(figure)}")
    print(f"  fill {results['fill_s']} s, first closing after {results['closing_job_s']} s; results in {out}")


if __name__ == "__main__":
    main()
