"""The growth phase of the harness (issue 19; bench/README.md, "Growth"): the same figures on an empty
database and on one holding N payments (10 million by default), in one run.

    bench/run --growth [--growth-payments N] [--quick]

1. A fresh database and server; the measured merchant signs up with ten applications. Measured:
   M1 (initiations/s, and p99 at half that rate), M2 (status reads/s), the portal's pages (dashboard,
   transactions, filters, a search by reference) and the API's list: p50 / p99 one request at a time,
   the server's time; and M3 (deliveries/s, the median of three rounds).
2. The server stops; N payments are loaded in SQL (bench/sql/growth-batch.sql, a million at a time),
   three in ten for the measured merchant's first application, with their history, notifications and
   delivery attempts; the dashboard's rollups are rebuilt from them as the V15 migration does.
3. A fresh server measures M1, M2 and the pages again: M6 is each rate grown / empty.
4. M7, on a fresh server whose deliveries are paced at M3, the rate M7's target is stated against
   (xaalis.webhooks.max-deliveries-per-second; M3 is payments driven to SUCCESS through the API and
   delivered, well below what the dispatcher drains alone): a backlog of due notifications (N / 10, a
   million for 10 M) drains while initiations run at half the empty database's M1 rate: the drain
   rate / M3, and the initiations' p99; with the same initiations alone first and the drain alone
   last, and how busy the machine was in each.
"""
import http.client, json, os, re, tempfile, time

import harness as h

BATCH = 1_000_000
# M7's node paces its deliveries at this share of M3, the rate its target (0.9 x M3) is stated against:
# the operator's setting for a node that must keep answering while a backlog drains. Beside the
# initiations the drain reached 0.92-0.94 of its pace in stop 26; a pace below M3 would miss 0.9 by
# construction.
PACE = 1.0


def main(args, seconds, warmup):
    n = args.growth_payments
    results = {"when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "quick": args.quick,
               "machine": {"cpus": os.cpu_count()}, "payments": n}
    h.log(f"growth: fresh PostgreSQL database {h.DB}")
    h.psql(f"DROP DATABASE IF EXISTS {h.DB} WITH (FORCE)")
    h.psql(f"CREATE DATABASE {h.DB}")
    sink_process, sink = start_sink()
    work = tempfile.mkdtemp(prefix="xaalis-growth-")
    try:
        server = start()
        try:
            merchant, apps = onboard(sink)
            apps_file = os.path.join(work, "apps")
            h.write_apps(apps, apps_file)
            results["empty"] = measure(merchant, apps, apps_file, work, seconds, warmup, None, server.pid)
            n3 = 2000 if args.quick else 10000
            h.log(f"M3 on the empty database: {n3} payments to SUCCESS, deliveries to the sink")
            for _ in range(2):
                h.deliveries(BASE, apps_file, n3, sink, True)
            # The median of three rounds, as bench/run's M3: M7's pace and target are stated against it.
            m3 = results["M3_deliveries"] = h.median_round(lambda: h.deliveries(BASE, apps_file, n3, sink, False))
            h.log(f"   {m3['deliveries_per_s']:.0f} deliveries/s (median of "
                  f"{', '.join(f'{r:.0f}' for r in m3['rounds'])})")
        finally:
            h.stop_server(server)

        results["load"] = load(n, merchant["first_app"])
        results.update(measure_grown(merchant, apps, apps_file, work, sink, n, results["empty"]["M1"]["rps"],
                                     results["M3_deliveries"]["deliveries_per_s"], seconds, warmup))
    finally:
        sink_process.kill()
    report(results)
    h.write_results(results)


BASE = f"http://127.0.0.1:{h.SERVER_PORT}"


def start_sink():
    """The webhook sink every application of the run delivers to: its process and its URL."""
    process = h.subprocess.Popen([h.JAVA, "-cp", os.path.join(h.BENCH, "target", "benchmarks.jar"),
                                  "sn.xaalis.bench.Load", "sink", str(h.SINK_PORT)],
                                 stdout=h.subprocess.DEVNULL, stderr=h.subprocess.DEVNULL)
    h.wait_port(h.SINK_PORT)
    return process, f"http://127.0.0.1:{h.SINK_PORT}"


def measure_grown(merchant, apps, apps_file, work, sink, n, m1_empty_rps, m3_empty_rps, seconds, warmup):
    """Steps 3 and 4 on the loaded database: a fresh server catches up, then its figures; then M7 on
    a fresh server paced at PACE x M3, its JIT settled as before M1."""
    reference = h.psql("SELECT reference FROM payments WHERE application_id = "
                       f"'{merchant['first_app']}' AND status = 'FAILED' LIMIT 1", h.DB).strip()
    if not reference:
        raise SystemExit("growth: no FAILED payment loaded for the measured application")
    server = start()
    try:
        out = {"caught_up": catch_up(),
               "grown": measure(merchant, apps, apps_file, work, seconds, warmup, reference, server.pid)}
    finally:
        h.stop_server(server)
    pace = max(1, round(PACE * m3_empty_rps))  # 0 would mean no limit
    h.log(f"M7: a fresh server delivering at most {pace}/s ({PACE:g} x M3)")
    server = start({"XAALIS_WEBHOOKS_MAX_DELIVERIES_PER_SECOND": str(pace)})
    try:
        h.wrk("initiate.lua", BASE, 5, 32, h.initiate_env(apps_file), 3 * warmup, jit_of=server.pid)
        catch_up()
        out["M7"] = {"pace": pace, **backlog(apps, apps_file, sink, max(1000, n // 10), m1_empty_rps, seconds)}
    finally:
        h.stop_server(server)
    return out


# What fell due while no server ran: sandbox payments past their deadline (live ones wait for their
# provider check, D6), and notifications due now.
FELL_DUE = """SELECT (SELECT count(*) FROM payments WHERE status = 'PROCESSING' AND environment = 'sandbox'
                     AND expires_at <= now()) + (SELECT count(*) FROM notifications WHERE state = 'PENDING'
                     AND next_attempt_at <= now())"""


def catch_up(limit_s=1200):
    """Waits until the fresh server has worked through what fell due while it was stopped: with the
    default validity the empty side's initiations left about half a million open sandbox payments,
    past their deadline after the load (now they stay open six hours, see start()), and notifications
    may be due; a node that comes back expires them and delivers their notifications first.
    Measured in the same windows (stop 25: 13,000 to 45,000 expiries a minute through M1 and M2), the
    grown side would pay for the harness's own downtime, not for history."""
    started = time.monotonic()
    first = left = int(h.psql(FELL_DUE, h.DB).strip())
    # A margin, not zero: a retry or a deadline that falls due between two counts keeps a few due
    # for a moment while the server is otherwise done.
    while left > 100 and time.monotonic() - started < limit_s:
        time.sleep(5)
        left = int(h.psql(FELL_DUE, h.DB).strip())
    seconds = round(time.monotonic() - started)
    outcome = "caught up with" if left <= 100 else "NOT caught up with"
    h.log(f"   {outcome} {first:,} expiries and deliveries due in {seconds} s ({left:,} left)")
    return {"due_at_start": first, "seconds": seconds, "left": left}


def start(env=None):
    # Payments stay open for six hours, not fifteen minutes: every initiation of the run is left open,
    # and with the default they all expired fifteen minutes later, at M1's rate, through whatever
    # phase was then being measured (stops 24 to 26). History, not the harness's own expiry waves, is
    # what the growth phase measures; the expiry job still runs, with nothing due.
    server, _ = h.start_server({"SPRING_DATASOURCE_URL": f"jdbc:postgresql://127.0.0.1:5432/{h.DB}",
                                "SPRING_DATASOURCE_USERNAME": "postgres", "SPRING_DATASOURCE_PASSWORD": "",
                                "XAALIS_PAYMENTS_VALIDITY": "PT6H", **(env or {})},
                               os.path.join(tempfile.gettempdir(), "xaalis-bench-growth-server.log"))
    h.wait_port(h.SERVER_PORT)
    while h.http("GET", BASE + "/ping")[0] != 200:
        time.sleep(0.05)
    return server


def onboard(sink):
    """The measured merchant: ten applications with both providers, webhooks to the sink."""
    email, password = f"growth{time.time_ns()}@example.com", h.PASSWORD
    merchant = h.admin("POST", "/merchants", {"name": "Growth", "email": email, "password": password})
    apps = []
    for i in range(10):
        app = h.admin("POST", f"/merchants/{merchant['id']}/applications",
                      {"name": f"shop {i}", "providers": ["WALLET_SN", "MOBILEMONEY_SN"]})
        h.admin("PATCH", f"/applications/{app['id']}", {"webhook_url": sink + "/hook"})
        apps.append((app["endpoint_key"], app["sandbox"]["api_key"], app["sandbox"]["api_secret"], app["id"]))
    return ({"email": email, "password": password, "first_app": apps[0][3]},
            [(ek, key, secret, "") for ek, key, secret, _ in apps])


def measure(merchant, apps, apps_file, work, seconds, warmup, reference, pid):
    """reference: a stored payment to search for; None on the empty database (one created here);
    pid: the server's process, whose JIT the initiations' warm-up waits for."""
    state = "empty" if reference is None else "grown"
    out = {}
    h.log(f"M1 ({state}): initiations at full speed")
    out["M1"] = h.wrk("initiate.lua", BASE, seconds, 32, h.initiate_env(apps_file), 3 * warmup, jit_of=pid)
    rate = max(1, int(out["M1"]["rps"] / 2))
    h.log(f"   {out['M1']['rps']:.0f}/s; at half that rate, {rate}/s")
    h.settle()
    out["M1_half_rate"] = h.java_tool("initiate-rate", BASE, apps_file, rate, seconds)
    h.log(f"M2 ({state}): status reads")
    payments_file = os.path.join(work, f"payments-{state}")
    h.java_tool("create", BASE, apps_file, 2000, payments_file)
    out["M2"] = h.wrk("status.lua", BASE, seconds, 32, {"PAYMENTS": payments_file}, warmup, jit_of=pid)
    h.log(f"   {out['M2']['rps']:.0f}/s")
    if reference is None:
        reference = open(payments_file).readline().split()[3]
    cookie = sign_in(merchant["email"], merchant["password"])
    pages = {
        "portal dashboard": ("/portal/dashboard?environment=sandbox", "200"),
        "portal transactions": ("/portal/transactions?environment=sandbox", "200"),
        "portal transactions, FAILED": ("/portal/transactions?environment=sandbox&status=FAILED", "200"),
        "portal transactions, CANCELLED": ("/portal/transactions?environment=sandbox&status=CANCELLED", "200"),
        "portal search by reference": (f"/portal/transactions?q={reference}", "302"),
    }
    ek, key, secret, _ = apps[0]
    api = {"X-Api-Key": key, "X-Api-Secret": secret}
    lists = {
        "API list": (f"/api/v1/{ek}/payments/?limit=20", "200", api),
        "API list, FAILED": (f"/api/v1/{ek}/payments/?limit=20&status=FAILED", "200", api),
    }
    h.settle()
    out["pages"] = {}
    for name, (path, status, headers) in [*((n, (p, s, {"Cookie": cookie})) for n, (p, s) in pages.items()),
                                          *lists.items()]:
        # One connection: each request alone on the server, so its latency is the server's time
        # (plus a loopback round trip), not a queue behind others on two cores.
        out["pages"][name] = h.wrk("page.lua", BASE, max(5, seconds // 2), 1,
                                   {"PATHS": path, "HEADERS": json.dumps(headers), "EXPECT": status}, warmup)
        p = out["pages"][name]
        h.log(f"   {name} ({state}): {p['rps']:.0f}/s, p50 {p['p50_ms']:.1f} ms, p99 {p['p99_ms']:.1f} ms, "
              f"errors {p['errors'] + p['socket_errors']}")
    return out


def sign_in(email, password):
    """A portal session as a browser gets one: the form's CSRF token, then the sign-in post."""
    conn = http.client.HTTPConnection("127.0.0.1", h.SERVER_PORT, timeout=30)
    conn.request("GET", "/portal/login")
    response = conn.getresponse()
    page = response.read().decode()
    session = session_cookie(response)
    token = re.search(r'name="_csrf"\s+value="([^"]+)"', page).group(1)
    form = "&".join(f"{k}={urllib_quote(v)}" for k, v in
                    (("email", email), ("password", password), ("code", ""), ("_csrf", token)))
    conn.request("POST", "/portal/login", body=form,
                 headers={"Content-Type": "application/x-www-form-urlencoded", "Cookie": session})
    response = conn.getresponse()
    response.read()
    location = response.getheader("Location") or ""
    if not location.endswith("/portal/dashboard"):
        raise SystemExit(f"growth: signing in to the portal failed ({response.status} {location})")
    return session_cookie(response) or session


def session_cookie(response):
    for header in response.getheaders():
        if header[0].lower() == "set-cookie" and header[1].startswith("SESSION="):
            return header[1].split(";", 1)[0]
    return None


def urllib_quote(value):
    from urllib.parse import quote
    return quote(value, safe="")


def load(n, big_app, resume_at=1):
    """N payments in SQL, a million per batch, then the rollups rebuilt (the server is stopped).
    resume_at: the first payment to load, when an interrupted load is taken up again."""
    started = time.monotonic()
    if resume_at == 1:
        h.psql("""INSERT INTO merchants (id, name, email, password_hash, created_at)
              SELECT ('00000000-0000-0000-0003-0000000000' || lpad(m::text, 2, '0'))::uuid, 'Boutique ' || m,
                     'owner' || m || '@boutique.example', '$2a$10$' || md5(m::text) || md5('x' || m), now()
              FROM generate_series(1, 20) m;
              INSERT INTO applications (id, merchant_id, name, endpoint_key, webhook_url, live_enabled, created_at,
                                        updated_at)
              SELECT ('00000000-0000-0000-0002-0000000000' || lpad(m::text, 2, '0'))::uuid,
                     ('00000000-0000-0000-0003-0000000000' || lpad(m::text, 2, '0'))::uuid,
                     'Web shop', substr(md5('growth' || m), 1, 16), 'https://boutique' || m || '.example/hooks', TRUE,
                     now(), now()
              FROM generate_series(1, 20) m;""", h.DB)
    script = os.path.join(h.BENCH, "sql", "growth-batch.sql")
    for first in range(resume_at, n + 1, BATCH):
        count = min(BATCH, n + 1 - first)
        h.run(["psql", "-X", "-q", "-h", h.PG["host"], "-p", h.PG["port"], "-U", h.PG["user"], "-d", h.DB,
               "-v", f"first={first}", "-v", f"count={count}", "-v", f"big_app={big_app}", "-v", "big_env=sandbox",
               "-f", script], timeout=3600)
        h.log(f"   loaded {first + count - 1:,} of {n:,} payments ({time.monotonic() - started:.0f} s)")
    h.psql("""BEGIN;
              DELETE FROM payment_rollup_queue; DELETE FROM payment_rollups; DELETE FROM paid_rollups;
              INSERT INTO payment_rollups (application_id, environment, created_hour, status, provider, payment_count,
                                           amount)
              SELECT application_id, environment, FLOOR(EXTRACT(EPOCH FROM created_at) / 3600), status, provider,
                     COUNT(*), SUM(amount)
              FROM payments
              GROUP BY application_id, environment, FLOOR(EXTRACT(EPOCH FROM created_at) / 3600), status, provider;
              INSERT INTO paid_rollups (application_id, environment, paid_hour, payment_count, amount)
              SELECT application_id, environment, FLOOR(EXTRACT(EPOCH FROM paid_at) / 3600), COUNT(*), SUM(amount)
              FROM payments WHERE status = 'SUCCESS' AND paid_at IS NOT NULL
              GROUP BY application_id, environment, FLOOR(EXTRACT(EPOCH FROM paid_at) / 3600);
              COMMIT;""", h.DB)
    h.psql("VACUUM ANALYZE", h.DB)
    h.psql("CHECKPOINT")
    loaded = {"seconds": round(time.monotonic() - started),
              "database_size": h.psql(f"SELECT pg_size_pretty(pg_database_size('{h.DB}'))").strip(),
              "rows": {}}
    for table in ("payments", "payment_status_history", "notifications", "notification_attempts",
                  "payment_rollups", "paid_rollups"):
        loaded["rows"][table] = int(h.psql(f"SELECT reltuples::bigint FROM pg_class WHERE relname = '{table}'",
                                           h.DB).strip())
    h.log(f"   loaded in {loaded['seconds']} s; database {loaded['database_size']}")
    return loaded


def backlog(apps, apps_file, sink, count, m1_empty_rps, seconds):
    """M7: `count` due notifications for the measured merchant's applications, drained while
    initiations run at half the empty database's M1 rate; the rate is the sink's count over the
    window (the backlog outlasts it). The same initiations alone first: their p99 and how busy the
    machine is then (every process: the server, PostgreSQL, the load tool and the sink), the room
    left for the drain."""
    rate = max(1, int(m1_empty_rps / 2))
    h.log(f"M7: initiations alone at {rate}/s first")
    h.settle()
    busy = MachineBusy()
    alone = h.java_tool("initiate-rate", BASE, apps_file, rate, seconds)
    alone_busy = busy.fraction()
    h.log(f"   p99 {alone['latency_ms']['p99']:.1f} ms, machine {alone_busy:.0%} busy")
    endpoint_keys = ", ".join(f"'{a[0]}'" for a in apps)
    h.log(f"M7: a backlog of {count:,} due notifications")
    h.psql(f"""INSERT INTO notifications (id, application_id, environment, event_id, event, body, state, attempts,
                    next_attempt_at, test, created_at, updated_at)
               SELECT gen_random_uuid(), a.id, 'sandbox', 'SVC-B' || lpad(i::text, 7, '0') || ':SUCCESS',
                      'transaction.success',
                      '{{"id":"SVC-B' || lpad(i::text, 7, '0') || ':SUCCESS","event":"transaction.success",'
                      || '"environment":"sandbox","data":{{"reference":"SVC-B' || lpad(i::text, 7, '0') || '"}}}}',
                      'PENDING', 0, t.at, FALSE, t.at, t.at
               FROM generate_series(1, {count}) i
               -- Due one after the other over the last hour, as a backlog builds up while receivers are
               -- away: each notification falls due when its payment changes.
               CROSS JOIN LATERAL (SELECT now() - interval '1 hour' * ({count} - i) / {count} AS at) t
               JOIN (SELECT id, row_number() OVER (ORDER BY id) - 1 AS k FROM applications
                     WHERE endpoint_key IN ({endpoint_keys})) a ON a.k = i % 10""", h.DB)
    h.psql("ANALYZE notifications", h.DB)
    h.settle()
    h.http("POST", sink + "/reset")
    started = time.time()
    busy = MachineBusy()
    initiations = h.java_tool("initiate-rate", BASE, apps_file, rate, seconds)
    drain_busy = busy.fraction()
    elapsed = time.time() - started
    received = json.loads(h.http("GET", sink + "/count")[1])["received"]
    left = int(h.psql("SELECT count(*) FROM notifications WHERE state = 'PENDING'", h.DB).strip())
    result = {"backlog": count, "rate": rate, "initiations": initiations, "delivered": received,
              "seconds": round(elapsed, 3), "deliveries_per_s": received / elapsed, "left": left,
              "machine_busy": round(drain_busy, 3),
              "initiations_alone": {**alone, "machine_busy": round(alone_busy, 3)}}
    h.log(f"   {result['deliveries_per_s']:.0f} deliveries/s with initiations at {rate}/s "
          f"(p99 {initiations['latency_ms']['p99']:.1f} ms, machine {drain_busy:.0%} busy); {left:,} still due")
    if left:
        result["alone"] = drain_alone(sink, seconds)
        h.log(f"   {result['alone']['deliveries_per_s']:.0f} deliveries/s with nothing else running "
              f"(machine {result['alone']['machine_busy']:.0%} busy)")
    return result


class MachineBusy:
    """The share of the machine's CPU time spent busy (not idle or waiting for I/O) since created,
    from /proc/stat: every process counts, the harness's own included."""

    def __init__(self):
        self.start = self._read()

    @staticmethod
    def _read():
        with open("/proc/stat") as f:
            ticks = [int(t) for t in f.readline().split()[1:]]
        idle = ticks[3] + ticks[4]
        return sum(ticks[:8]), idle

    def fraction(self):
        total, idle = self._read()
        spent = total - self.start[0]
        return 1 - (idle - self.start[1]) / spent if spent else 0.0


def drain_alone(sink, seconds):
    """The same backlog's drain with no initiations beside it, at the same pace: whether the pace
    itself is reached when the deliveries have the machine to themselves."""
    h.http("POST", sink + "/reset")
    started = time.time()
    busy = MachineBusy()
    time.sleep(seconds)
    received = json.loads(h.http("GET", sink + "/count")[1])["received"]
    elapsed = time.time() - started
    return {"delivered": received, "seconds": round(elapsed, 3), "deliveries_per_s": received / elapsed,
            "machine_busy": round(busy.fraction(), 3)}


def report(r):
    e, g = r["empty"], r["grown"]
    m6_initiations = g["M1"]["rps"] / e["M1"]["rps"]
    m6_status = g["M2"]["rps"] / e["M2"]["rps"]
    m7 = r["M7"]["deliveries_per_s"] / r["M3_deliveries"]["deliveries_per_s"]
    r["ratios"] = {"M6 initiations": round(m6_initiations, 3), "M6 status reads": round(m6_status, 3),
                   "M7 drain / M3": round(m7, 3)}
    print()
    print(f"Growth: {r['payments']:,} payments loaded in {r['load']['seconds']} s, "
          f"database {r['load']['database_size']}")
    print()
    print("| figure | empty | grown | ratio | target |")
    print("|---|---|---|---|---|")
    print(f"| M1 initiations/s | {e['M1']['rps']:.0f} | {g['M1']['rps']:.0f} | {m6_initiations:.3f} | >= 0.9 |")
    print(f"| M2 status reads/s | {e['M2']['rps']:.0f} | {g['M2']['rps']:.0f} | {m6_status:.3f} | >= 0.9 |")
    for label, key in (("initiation p99 at half rate", "M1_half_rate"),):
        print(f"| {label} | {e[key]['latency_ms']['p99']:.1f} ms | {g[key]['latency_ms']['p99']:.1f} ms | | "
              "<= 25 ms |")
    print(f"| status read p99 (32 connections) | {e['M2']['p99_ms']:.1f} ms | {g['M2']['p99_ms']:.1f} ms | | reported |")
    for name in e["pages"]:
        pe, pg = e["pages"][name], g["pages"][name]
        print(f"| {name}: p50 / p99 | {pe['p50_ms']:.1f} / {pe['p99_ms']:.1f} ms | "
              f"{pg['p50_ms']:.1f} / {pg['p99_ms']:.1f} ms | | "
              f"{'<= 50 ms' if name == 'portal dashboard' else 'reported'} |")
    m7r = r["M7"]
    print(f"| M7 drain of {m7r['backlog']:,} due notifications, paced at {m7r['pace']}/s | M3 {r['M3_deliveries']['deliveries_per_s']:.0f}/s | "
          f"{m7r['deliveries_per_s']:.0f}/s | {m7:.3f} | >= 0.9 |")
    print(f"| M7 initiations at {m7r['rate']}/s meanwhile: p99 | | {m7r['initiations']['latency_ms']['p99']:.1f} ms | | "
          "<= 25 ms |")
    print(f"| machine busy: initiations alone / with the drain | | {m7r['initiations_alone']['machine_busy']:.0%} / "
          f"{m7r['machine_busy']:.0%} | | reported (p99 alone {m7r['initiations_alone']['latency_ms']['p99']:.1f} ms) |")
    if "alone" in m7r:
        alone = m7r["alone"]["deliveries_per_s"]
        print(f"| the same drain alone, at the pace | M3 {r['M3_deliveries']['deliveries_per_s']:.0f}/s | "
              f"{alone:.0f}/s | {alone / r['M3_deliveries']['deliveries_per_s']:.3f} | reported |")
