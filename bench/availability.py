"""The availability job over a million pending payments (issue 49; bench/README.md, "Ledger (issue 49)").

    python3 bench/availability.py [--holds 1000000] [--batch 2000] [--skip-build]

On a fresh PostgreSQL database (XAALIS_BENCH_DB, default xaalis_availability_bench; port XAALIS_BENCH_PORT,
default 18190), a server as it ships with the availability job off creates one merchant and ten
applications; a million successful payments' postings and their pending holds, all come due, are written
straight into the ledger's tables by SQL (with the applications' pending balances), then VACUUM ANALYZE.
The server is started again with the job every second (--batch holds a transaction, the shipped 2000 by
default), and the bench waits until no hold is left unreleased: the time from the node's first answer to
the last release, the time between the first and the last release posting, the holds per second, and a
check that every application's pending money moved to available, to the franc.

Figures only; nothing is asserted. The machine's load average is printed with them.
"""
import argparse, json, os, sys, time

os.environ.setdefault("XAALIS_BENCH_DB", "xaalis_availability_bench")
os.environ.setdefault("XAALIS_BENCH_PORT", "18190")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import harness as h  # noqa: E402

FILL = """
CREATE TEMP TABLE bench_apps AS
SELECT row_number() OVER () - 1 AS k, id FROM applications WHERE id = ANY (string_to_array(:'apps', ',')::uuid[]);
CREATE TEMP TABLE bench_paid AS
SELECT i, gen_random_uuid() AS id, a.id AS app, (500 + (i::bigint * 7919) % 49500)::numeric AS amount,
       now() - make_interval(secs => 2 * 86400 + i % 86400) AS at
FROM generate_series(1, :n) AS i JOIN bench_apps a ON a.k = i % 10;
INSERT INTO ledger_transactions (id, cause_kind, cause_id, type, application_id, environment, currency, amount, fee,
                                 net, reference, created_at, available_on)
SELECT id, 'payment', 'bench-' || i, 'payment', app, 'sandbox', 'XOF', amount, 0, amount,
       'BNC-' || lpad(upper(to_hex(i)), 8, '0'), at, (at + interval '1 day')::date
FROM bench_paid;
INSERT INTO ledger_holds (transaction_id, application_id, environment, currency, amount, available_at, released_by)
SELECT id, app, 'sandbox', 'XOF', amount, at + interval '1 day', NULL FROM bench_paid;
INSERT INTO ledger_balances (account_key, application_id, environment, kind, currency, balance)
SELECT 'pending:' || app || ':sandbox:XOF', app, 'sandbox', 'pending', 'XOF', SUM(amount) FROM bench_paid GROUP BY app;
INSERT INTO ledger_balances (account_key, application_id, environment, kind, currency, balance)
SELECT 'available:' || id || ':sandbox:XOF', id, 'sandbox', 'available', 'XOF', 0 FROM bench_apps;
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--holds", type=int, default=1_000_000)
    parser.add_argument("--batch", type=int, default=2000)
    parser.add_argument("--skip-build", action="store_true")
    args = parser.parse_args()
    if not args.skip_build:
        h.build_server()
    h.fresh_database()
    results = {"when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "holds": args.holds, "batch": args.batch}
    server = h.serving({"XAALIS_LEDGER_JOB_INTERVAL": "0s"}, "/tmp/xaalis-availability-fill.log")
    try:
        merchant = h.admin("POST", "/merchants", {"name": "Bench", "email": f"avail{time.time_ns()}@example.com",
                                                 "password": h.PASSWORD})
        apps = [h.admin("POST", f"/merchants/{merchant['id']}/applications",
                        {"name": f"bench {k}", "providers": ["WALLET_SN"]})["id"] for k in range(10)]
    finally:
        h.stop_server(server)
    h.log(f"writing {args.holds:,} payments' postings and pending holds")
    started = time.monotonic()
    h.psql_file(FILL, {"n": str(args.holds), "apps": ",".join(apps)})
    h.psql("VACUUM ANALYZE", h.DB)
    results["fill_s"] = round(time.monotonic() - started, 1)
    pending_before = h.psql("SELECT SUM(balance) FROM ledger_balances WHERE kind = 'pending'", h.DB).strip()
    results["load_before"] = h.load_average()
    h.log(f"written in {results['fill_s']} s; starting the node with the job every second")
    server = h.serving({"XAALIS_LEDGER_JOB_INTERVAL": "PT1S", "XAALIS_LEDGER_JOB_BATCH": str(args.batch)},
                       "/tmp/xaalis-availability-job.log")
    try:
        ready = time.monotonic()
        while True:
            left = int(h.psql("SELECT COUNT(*) FROM ledger_holds WHERE released_by IS NULL", h.DB).strip())
            if left == 0:
                break
            if time.monotonic() - ready > 1800:
                raise SystemExit(f"{left:,} holds still unreleased after 30 minutes")
            time.sleep(0.5)
        results["ready_to_done_s"] = round(time.monotonic() - ready, 1)
    finally:
        h.stop_server(server)
    span = h.psql("SELECT EXTRACT(EPOCH FROM MAX(created_at) - MIN(created_at)), COUNT(*) FROM ledger_transactions"
                  " WHERE type = 'release'", h.DB).strip().split("|")
    results["first_to_last_release_s"] = round(float(span[0]), 1)
    results["release_postings"] = int(span[1])
    results["holds_per_s"] = round(args.holds / max(results["ready_to_done_s"], 0.001))
    available_after = h.psql("SELECT SUM(balance) FROM ledger_balances WHERE kind = 'available'", h.DB).strip()
    pending_after = h.psql("SELECT SUM(balance) FROM ledger_balances WHERE kind = 'pending'", h.DB).strip()
    results["pending_before"], results["available_after"], results["pending_after"] = (
        pending_before, available_after, pending_after)
    results["all_moved"] = float(available_after) == float(pending_before) and float(pending_after) == 0
    results["load_after"] = h.load_average()
    os.makedirs(os.path.join(h.BENCH, "results"), exist_ok=True)
    out = os.path.join(h.BENCH, "results", f"availability-{time.strftime('%Y%m%dT%H%M%S')}.json")
    with open(out, "w") as f:
        json.dump(results, f, indent=2)
    print()
    print(json.dumps(results, indent=2))
    print(f"results in {out}")


if __name__ == "__main__":
    main()
