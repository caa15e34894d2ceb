#!/usr/bin/env python3
"""Xaalis benchmark harness (issue 7): one command, everything on this machine, one run.

Prints figures and their ratios to references measured in the same run, and writes them as JSON
under bench/results/. Machines here are noisy: compare ratios across runs, not absolute figures.

    bench/run            # build, then R1-R4, M1-M5 and the JMH micro-benchmarks
    bench/run --quick    # shorter phases (a smoke run of the harness itself)
    bench/run --limiter-only [--limiter-rounds N] [--no-magnify] [--limiter-paired]   # M1 with each rate limiter
    bench/run --growth [--growth-payments N]        # M6, M7: empty database against N payments (growth.py)
    bench/run --warm-only [--warm-rounds N] [--warm-starts launcher,G1]   # M8: from a node's start (warm.py)
    bench/run --payouts-only [--payouts-lines 10000]   # M9: a bulk payout file, its drain, initiations beside it (payouts.py)
    bench/run --against <commit> [--rounds 3] [--quick]  # M1-M3 of the working tree and of that commit, side by side (against.py)
"""
import argparse, os, shutil, subprocess, tempfile, time

import against
import growth
import payouts
import warm
from harness import (
    BENCH,
    DB,
    database_env,
    HANG_PORT,
    JAVA,
    ROOT,
    SERVER_PORT,
    SINK_PORT,
    deliveries,
    http,
    initiate_env,
    java_tool,
    jmh,
    limiter_ab,
    limiter_paired,
    APPS_IN_M1,
    LIMIT_FACTOR,
    log,
    median_round,
    onboard,
    peak_rss_mb,
    pgbench,
    print_limiter,
    psql,
    run,
    serving_with_apps,
    settle,
    start_server,
    startup_on_embedded_db,
    stop_server,
    wait_port,
    write_apps,
    write_results,
    wrk,
)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true", help="short phases, to check the harness")
    parser.add_argument("--skip-build", action="store_true")
    parser.add_argument("--skip-jmh", action="store_true")
    parser.add_argument("--limiter-only", action="store_true",
                        help="only M1 with each rate limiter (own buckets, cluster-wide) and their ratio")
    parser.add_argument("--no-magnify", action="store_true",
                        help="with --limiter-only: without the node of 10 ms shares (two nodes a round, not three)")
    parser.add_argument("--limiter-rounds", type=int, default=None,
                        help="rounds of the M1 limiter comparison (default 1, 2 with --limiter-only)")
    parser.add_argument("--limiter-paired", action="store_true",
                        help="with --limiter-only: own and shared buckets on two nodes at the same time, not one after the other")
    parser.add_argument("--growth", action="store_true",
                        help="only the growth phase: the same figures on an empty database and on a grown one")
    parser.add_argument("--warm-only", action="store_true",
                        help="only M8: the initiation rate from a node's start, for each way of starting it")
    parser.add_argument("--warm-rounds", type=int, default=1,
                        help="with --warm-only: rounds of the starts, in rotating order (medians printed)")
    parser.add_argument("--warm-starts", default=None,
                        help="with --warm-only: only the starts whose names contain one of these comma-separated words")
    parser.add_argument("--payouts-only", action="store_true",
                        help="only M9: a bulk payout file's acceptance and drain, initiations before and during it")
    parser.add_argument("--payouts-lines", type=int, default=10_000,
                        help="with --payouts-only: lines of the bulk payout file (default 10,000, the server's maximum)")
    parser.add_argument("--payouts-pace", type=int, default=200,
                        help="with --payouts-only: the server's xaalis.payouts.pace.WALLET_SN, payouts/s (default 200)")
    parser.add_argument("--payouts-rate", type=int, default=200,
                        help="with --payouts-only: initiations/s before and during the drain (default 200)")
    parser.add_argument("--growth-payments", type=int, default=10_000_000,
                        help="payments in the grown database (default 10 million)")
    parser.add_argument("--against", metavar="COMMIT",
                        help="only M1, M2, M3 and /ping, side by side: that commit (built beside the working tree) and the working tree")
    parser.add_argument("--rounds", type=int, default=3, help="with --against: alternating rounds (default 3)")
    parser.add_argument("--warmup", type=int, default=None,
                        help="with --against: seconds of warm-up of M1 and M2 at least, each side (default 150, --quick 10)")
    parser.add_argument("--window", type=int, default=None,
                        help="with --against: seconds of a measured window (default 15, --quick 3)")
    parser.add_argument("--windows", type=int, default=None,
                        help="with --against: windows per figure, side and round (default 3, --quick 1)")
    parser.add_argument("--deliveries", type=int, default=None,
                        help="with --against: payments driven in one M3 window (default 10,000, --quick 500)")
    args = parser.parse_args()
    rounds = args.limiter_rounds or (2 if args.limiter_only else 1)
    seconds, warmup = (5, 3) if args.quick else (20, 10)
    for tool in ("wrk", "pgbench", "psql"):
        if not shutil.which(tool):
            raise SystemExit(f"{tool} is missing: apt-get install wrk postgresql-client")
    if args.against:
        against.main(args)
        return
    if not args.skip_build:
        log("building the server and the benchmark jar")
        run([os.path.join(ROOT, "mvnw"), "-q", "-B", "-Pbench", "-Pwarm-start", "-pl", "server,bench", "-am", "package",
             "-DskipTests",
             "-Dspotless.check.skip=true"], capture=False)
    if args.growth:
        growth.main(args, seconds, warmup)
        return
    results = {"when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "quick": args.quick,
               "machine": {"cpus": os.cpu_count()}}

    if not args.limiter_only and not args.warm_only and not args.payouts_only:
        log("M5b: startup on the embedded database")
        results["M5_startup"] = startup_on_embedded_db()

    log("fresh PostgreSQL database " + DB)
    psql(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")
    psql(f"CREATE DATABASE {DB}")
    psql("""CREATE SCHEMA ref; CREATE TABLE ref.bench_payments (id UUID PRIMARY KEY, reference VARCHAR(12) NOT NULL UNIQUE,
            application_id UUID NOT NULL, environment VARCHAR(8) NOT NULL, provider VARCHAR(20) NOT NULL,
            amount NUMERIC(14,2) NOT NULL, currency VARCHAR(3) NOT NULL, status VARCHAR(12) NOT NULL,
            metadata TEXT NOT NULL, deep_links TEXT NOT NULL, expires_at TIMESTAMPTZ NOT NULL,
            created_at TIMESTAMPTZ NOT NULL, updated_at TIMESTAMPTZ NOT NULL);
            CREATE INDEX ON ref.bench_payments (application_id, environment, created_at, id);""", DB)

    if args.warm_only:
        only = args.warm_starts.split(",") if args.warm_starts else None
        results["M8_warm_start"] = warm_only(seconds, warmup, args.warm_rounds, only)
        print()
        warm.print_table(results["M8_warm_start"])
        write_results(results)
        return

    if args.payouts_only:
        results["M9_payouts"] = payouts.measure(args.payouts_lines, args.payouts_pace, args.payouts_rate,
                                                10 if args.quick else 30, warmup)
        print()
        payouts.print_table(results["M9_payouts"])
        write_results(results)
        return

    if args.limiter_only and args.limiter_paired:
        log(f"M1 with both rate limiters at once, {rounds} round(s)")
        server, _ = start_server(database_env(), os.path.join(tempfile.gettempdir(), "xaalis-bench-server.log"))
        try:
            base, apps_file = serving_with_apps(APPS_IN_M1)
            m1 = wrk("initiate.lua", base, seconds, 32, initiate_env(apps_file), 3 * warmup, jit_of=server.pid)
        finally:
            stop_server(server)
        limit = int(m1["rps"] * LIMIT_FACTOR / APPS_IN_M1) + 1
        log(f"   M1 {m1['rps']:.0f}/s on one node: a limit of {limit}/s per application")
        results["M1_limiter_paired"] = paired = limiter_paired(seconds, warmup, rounds, limit)
        print(f"\nShared over own buckets, at the same time: initiations {paired['ratio_median']} (median; "
              f"{paired['ratio_min']} to {paired['ratio_max']}), server CPU per initiation "
              f"{paired['server_cpu_ratio_median']} (median)")
        write_results(results)
        return

    if args.limiter_only:
        log(f"M1 with each rate limiter, {rounds} round(s)")
        results["M1_limiter"] = limiter_ab(seconds, warmup, rounds, magnify=not args.no_magnify)
        print()
        print_limiter(results["M1_limiter"])
        write_results(results)
        return

    log("R1: pgbench durable single-row INSERT, 16 clients")
    results["R1_pg_insert"] = pgbench("""INSERT INTO ref.bench_payments VALUES (gen_random_uuid(),
        substr(md5(random()::text), 1, 12), '01934a5e-7c1a-7b3e-9f00-0123456789ab', 'sandbox', 'WALLET_SN', 1500.00,
        'XOF', 'PROCESSING', '{"order_id":"o-42"}', '{"WALLET":"https://x.example/c"}', now() + interval '15 minutes',
        now(), now());""", seconds, warmup=warmup)
    ids = psql("SELECT count(*) FROM ref.bench_payments", DB).strip()
    log(f"   {results['R1_pg_insert']['tps']:.0f} tps ({ids} rows)")
    log("R2: pgbench primary-key SELECT")
    psql("CREATE TABLE ref.bench_ids AS SELECT row_number() OVER () AS n, id FROM ref.bench_payments; "
         "CREATE UNIQUE INDEX ON ref.bench_ids (n); ANALYZE ref.bench_payments; ANALYZE ref.bench_ids;", DB)
    results["R2_pg_select"] = pgbench(f"""\\set n random(1, {ids})
        SELECT p.* FROM ref.bench_payments p WHERE p.id = (SELECT id FROM ref.bench_ids WHERE n = :n);""", seconds,
                                      warmup=warmup)
    log(f"   {results['R2_pg_select']['tps']:.0f} tps")

    sinks = [subprocess.Popen([JAVA, "-cp", os.path.join(BENCH, "target", "benchmarks.jar"), "sn.xaalis.bench.Load",
                               "sink", str(port)] + (["hang"] if port == HANG_PORT else []),
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
             for port in (SINK_PORT, HANG_PORT)]
    wait_port(SINK_PORT)
    wait_port(HANG_PORT)
    sink = f"http://127.0.0.1:{SINK_PORT}"
    log("R4: the webhook sink's own maximum")
    results["R4_sink"] = wrk("sink.lua", sink + "/hook", seconds, 32, {}, warmup)
    log(f"   {results['R4_sink']['rps']:.0f} req/s")

    server_log = os.path.join(tempfile.gettempdir(), "xaalis-bench-server.log")
    server, _ = start_server(database_env(), server_log)
    try:
        wait_port(SERVER_PORT)
        base = f"http://127.0.0.1:{SERVER_PORT}"
        while http("GET", base + "/ping")[0] != 200:
            time.sleep(0.05)
        work = tempfile.mkdtemp(prefix="xaalis-bench-")
        healthy = onboard(10, [sink + "/hook"] * 10)
        mixed = onboard(10, [sink + "/hook"] * 9 + [f"http://127.0.0.1:{HANG_PORT}/hook"])
        apps_file, mixed_file = os.path.join(work, "apps"), os.path.join(work, "mixed")
        write_apps(healthy, apps_file)
        write_apps(mixed, mixed_file)

        log("R3: the same stack answering GET /ping")
        results["R3_ping"] = wrk("ping.lua", base + "/ping", seconds, 32, {}, warmup, jit_of=server.pid)
        log(f"   {results['R3_ping']['rps']:.0f} req/s")

        # The initiation path (QR, JSON, JDBC) takes the JIT longer than a ping: at least 30 s of warm-up.
        log("M1: initiations at full speed (fresh QR, metadata, idempotency key each)")
        results["M1_initiate"] = wrk("initiate.lua", base, seconds, 32, initiate_env(apps_file), 3 * warmup,
                                     jit_of=server.pid)
        rate = max(1, int(results["M1_initiate"]["rps"] / 2))
        log(f"   {results['M1_initiate']['rps']:.0f} /s; now at half that rate, {rate}/s, open model")
        settle()
        results["M1_half_rate"] = java_tool("initiate-rate", base, apps_file, rate, seconds)

        log("M2: status reads")
        payments_file = os.path.join(work, "payments")
        java_tool("create", base, apps_file, 2000, payments_file)
        results["M2_status"] = wrk("status.lua", base, seconds, 32, {"PAYMENTS": payments_file}, warmup,
                                   jit_of=server.pid)
        log(f"   {results['M2_status']['rps']:.0f} req/s")

        n = 2000 if args.quick else 10000
        log(f"M3: {n} payments to SUCCESS by simulation, deliveries to the sink")
        # Warm-up: two unrecorded rounds of the same size. The simulation and delivery paths are still
        # being compiled after 1,000 payments (C2 took 30 % of the server's CPU in the measured round).
        for _ in range(2):
            deliveries(base, apps_file, n, sink, True)
        # M3 and M4 are each the median of three rounds: one round lasts about 4 s, and single rounds
        # on one server moved by up to a quarter within a minute (stop 25; M4/M3 0.83 to 1.20 in stop 24).
        # M4's rounds come after M3's, so each later one also waits behind the backlog of the hanging
        # applications' earlier rounds; M3's never share the dispatcher with a hanging receiver.
        results["M3_deliveries"] = median_round(lambda: deliveries(base, apps_file, n, sink, False))
        log(f"   {results['M3_deliveries']['deliveries_per_s']:.0f} deliveries/s (median of "
            f"{', '.join(f'{x:.0f}' for x in results['M3_deliveries']['rounds'])})")
        log("M3: commit-to-delivery latency at 200 notifications/s")
        settle()
        results["M3_latency_200"] = java_tool("deliveries", base, apps_file, 200 * seconds, sink, 200)
        log(f"M4: deliveries while 10 % of the sinks hang until the timeout")
        results["M4_hanging"] = median_round(lambda: deliveries(base, mixed_file, n, sink, False))
        log(f"   {results['M4_hanging']['deliveries_per_s']:.0f} deliveries/s to healthy sinks (median of "
            f"{', '.join(f'{x:.0f}' for x in results['M4_hanging']['rounds'])})")
        results["M5_peak_rss_mb"] = peak_rss_mb(server.pid)
    finally:
        stop_server(server)
        for s in sinks:
            s.kill()

    log("M8: warm start, from each way of starting a node")
    results["M8_warm_start"] = warm.measure(apps_file, results["M1_initiate"]["rps"], database_env())

    log(f"M1 with each rate limiter, {rounds} round(s)")
    results["M1_limiter"] = limiter_ab(seconds, warmup, rounds, results["M1_initiate"]["rps"], magnify=False)

    if not args.skip_jmh:
        log("JMH micro-benchmarks")
        results["jmh"] = jmh(args.quick)

    r = results
    ratios = {
        "M1/R1": (r["M1_initiate"]["rps"] / r["R1_pg_insert"]["tps"], ">= 0.25"),
        "M2/R3": (r["M2_status"]["rps"] / r["R3_ping"]["rps"], ">= 0.5"),
        "M3/R4": (r["M3_deliveries"]["deliveries_per_s"] / r["R4_sink"]["rps"], ">= 0.5"),
        "M4/M3": (r["M4_hanging"]["deliveries_per_s"] / r["M3_deliveries"]["deliveries_per_s"], ">= 0.9"),
    }
    results["ratios"] = {k: round(v, 3) for k, (v, _) in ratios.items()}
    # What the shared machine allows at best, from this run's references: the work a figure cannot
    # avoid, each piece at its reference's own speed on the same two cores (see bench/README.md).
    r1, r2, r3, r4 = (r["R1_pg_insert"]["tps"], r["R2_pg_select"]["tps"], r["R3_ping"]["rps"], r["R4_sink"]["rps"])
    ceilings = {
        "M2 ceiling: 1/(1/R3 + 1/R2), as a ratio to R3": 1 / (1 / r3 + 1 / r2) / r3,
        "M3 ceiling: 1/(1/R3 + 1/R1 + 1/R4), as a ratio to R4": 1 / (1 / r3 + 1 / r1 + 1 / r4) / r4,
    }
    results["ceilings"] = {k: round(v, 3) for k, v in ceilings.items()}
    print()
    print("| figure | value | target |")
    print("|---|---|---|")
    rows = [
        ("R1 pgbench INSERT (16 clients)", f"{r['R1_pg_insert']['tps']:.0f} tps", ""),
        ("R2 pgbench PK SELECT", f"{r['R2_pg_select']['tps']:.0f} tps", ""),
        ("R3 GET /ping", f"{r['R3_ping']['rps']:.0f} req/s", ""),
        ("R4 sink maximum", f"{r['R4_sink']['rps']:.0f} req/s", ""),
        ("M1 initiations", f"{r['M1_initiate']['rps']:.0f}/s, errors {r['M1_initiate']['errors'] + r['M1_initiate']['socket_errors']}", "zero errors"),
        ("M1 at half rate: p50 / p99 / p99.9", "{p50:.1f} / {p99:.1f} / {p999:.1f} ms, errors {e}".format(
            e=r["M1_half_rate"]["errors"], **r["M1_half_rate"]["latency_ms"]), "p99 <= 25 ms"),
        ("M2 status reads", f"{r['M2_status']['rps']:.0f} req/s, errors {r['M2_status']['errors']}", ""),
        ("M3 deliveries", f"{r['M3_deliveries']['deliveries_per_s']:.0f}/s", ""),
        ("M3 commit-to-delivery at 200/s: p50 / p99", "{p50:.1f} / {p99:.1f} ms".format(
            **(r["M3_latency_200"]["sink"]["latency_ms"] or {"p50": -1, "p99": -1})), "p99 <= 50 ms"),
        ("M4 deliveries, 10 % sinks hanging", f"{r['M4_hanging']['deliveries_per_s']:.0f}/s", ""),
        ("M5 peak RSS (PostgreSQL run)", f"{r['M5_peak_rss_mb']:.0f} MB", "reported"),
        ("M5 start to first initiation (embedded)", f"{r['M5_startup']['first_initiation_s']:.2f} s", "reported"),
    ]
    for name, (value, target) in ratios.items():
        rows.append((name, f"{value:.3f}", target))
    for name, value in ceilings.items():
        rows.append((name, f"{value:.3f}", "bound"))
    for name, m in (r.get("jmh") or {}).items():
        rows.append((f"JMH {name}", f"{m['score']} ± {m['error']} {m['unit']}", ""))
    for row in rows:
        print(f"| {row[0]} | {row[1]} | {row[2]} |")
    print()
    warm.print_table(results["M8_warm_start"])
    print()
    print_limiter(results["M1_limiter"])
    write_results(results)


def warm_only(seconds, warmup, rounds=1, only=None):
    """M8 alone: ten applications and steady M1 from a node warmed until its JIT is done, then each start."""
    server, _ = start_server(database_env(), os.path.join(tempfile.gettempdir(), "xaalis-bench-server.log"))
    try:
        base, apps_file = serving_with_apps(10)
        log("steady M1, from a node warmed until its JIT is done")
        m1 = wrk("initiate.lua", base, seconds, 32, initiate_env(apps_file), 3 * warmup, jit_of=server.pid)
        log(f"   {m1['rps']:.0f}/s")
    finally:
        stop_server(server)
    return warm.measure(apps_file, m1["rps"], database_env(), rounds, only)


if __name__ == "__main__":
    main()
