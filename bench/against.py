"""Side by side with another commit (issue 52; bench/README.md, "Side by side with another commit"): M1, M2
and M3, with /ping as the reference, on the working tree and on an older commit, in one run on this machine.

    bench/run --against <commit> [--rounds 3] [--warmup 150] [--window 15] [--windows 3] [--deliveries 10000] [--quick]

The commit is extracted (git archive) into bench/target/against-<short sha> and its server built there with
the same offline Maven command as the working tree's (a tree already built for that commit is reused; any
other against-* tree is removed). Each side runs its own server, on its own port and its own fresh database
of the same PostgreSQL server (the old side's schema is its own Flyway migrations), with the same JVM
settings and logging at WARN, and ten applications onboarded the harness's way. Each side is warmed, path by
path, until its JIT is done and its rate has stopped climbing; then each round measures every figure on
both sides, the order of the sides swapping from round to round. A round's figure is the median of its
windows; the ratio new / old is taken per round, and printed as the median with the smallest and largest.
"""
import math, os, shutil, signal, subprocess, sys, tempfile, time

import harness as h

SIDES = ("old", "new")
# Each figure: its wrk script (M3 is the deliveries of harness.deliveries) and what it counts.
FIGURES = {"ping": "GET /ping, req/s (reference)", "M1": "M1 initiations/s", "M2": "M2 status reads/s",
           "M3": "M3 signed deliveries/s"}
STATUS_PAYMENTS = 2000  # M2's payments, as in bench/run


def main(args):
    warmup, window, windows, n = ((10, 3, 1, 500) if args.quick else (150, 15, 3, 10_000))
    warmup = args.warmup if args.warmup is not None else warmup
    window = args.window if args.window is not None else window
    windows = args.windows if args.windows is not None else windows
    n = args.deliveries if args.deliveries is not None else n
    if args.rounds < 1 or windows < 1:
        raise SystemExit("--rounds and --windows: at least 1")
    full, tree = prepare(args.against)
    if not args.skip_build:
        h.build_server(bench=True)
    new_rev = h.run(["git", "-C", h.ROOT, "describe", "--always", "--dirty", "--abbrev=9"]).strip()
    jars = {"old": h.server_jar(tree), "new": h.server_jar()}
    dbs = {"old": f"{h.DB}_old", "new": f"{h.DB}_new"}
    ports = {"old": h.SERVER_PORT + 30, "new": h.SERVER_PORT + 31}
    results = {"when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "quick": args.quick,
               "machine": {"cpus": os.cpu_count()}, "against": {
                   "old": full, "new": new_rev, "rounds": args.rounds, "warmup_s": warmup, "window_s": window,
                   "windows_per_round": windows, "deliveries_per_window": n}}
    # A stop (SIGTERM) still stops both servers and the sink, through the finally below.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))
    sink = subprocess.Popen([h.JAVA, "-cp", os.path.join(h.BENCH, "target", "benchmarks.jar"), "sn.xaalis.bench.Load",
                             "sink", str(h.SINK_PORT)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    sides = {}
    try:
        h.wait_port(h.SINK_PORT)
        for side in SIDES:
            sides[side] = start(side, jars[side], ports[side], dbs[side])
        measure = Measure(list(dbs.values()), window, n, f"http://127.0.0.1:{h.SINK_PORT}")
        results["warm_up"] = {f: {} for f in FIGURES}
        for figure in FIGURES:
            for side in SIDES:
                h.log(f"warming {figure} on the {side} side")
                results["warm_up"][figure][side] = measure.warm(figure, sides[side], warmup)
        runs = {f: {s: [] for s in SIDES} for f in FIGURES}
        for r in range(args.rounds):
            order = SIDES if r % 2 == 0 else SIDES[::-1]
            for figure in FIGURES:
                for side in order:
                    got = [measure.window(figure, sides[side]) for _ in range(windows)]
                    runs[figure][side].append(got)
                    rates = ", ".join(f"{w['rate']:.0f}" for w in got)
                    h.log(f"round {r + 1}, {figure}, {side}: {rates} "
                          f"(errors {sum(w['errors'] for w in got)}, JIT {sum(w['jit_s'] for w in got):.1f} s)")
    finally:
        for s in sides.values():
            h.stop_server(s["process"])
        sink.kill()
    results["runs"] = runs
    results["summary"] = summarize(runs)
    print()
    print_table(results)
    h.write_results(results)


def prepare(commit):
    """The commit's tree beside the working tree, its server built: (full sha, directory)."""
    full = h.run(["git", "-C", h.ROOT, "rev-parse", "--verify", "--quiet", f"{commit}^{{commit}}"], check=False).strip()
    if not full:
        raise SystemExit(f"--against {commit}: no such commit in this repository")
    target = os.path.join(h.BENCH, "target")
    tree = os.path.join(target, f"against-{full[:9]}")
    marker = os.path.join(tree, ".against-built")  # written once its build succeeded
    os.makedirs(target, exist_ok=True)
    for d in os.listdir(target):
        if d.startswith("against-") and os.path.join(target, d) != tree:
            shutil.rmtree(os.path.join(target, d), ignore_errors=True)
    if os.path.exists(marker) and open(marker).read().strip() == full:
        h.log(f"the old side: {full[:9]}, built before in {tree}")
        return full, tree
    shutil.rmtree(tree, ignore_errors=True)
    os.makedirs(tree)
    archive = subprocess.Popen(["git", "-C", h.ROOT, "archive", full], stdout=subprocess.PIPE)
    subprocess.run(["tar", "-x", "-C", tree], stdin=archive.stdout, check=True)
    if archive.wait() != 0:
        raise SystemExit(f"git archive {full} failed")
    try:
        h.build_server(tree, log_path=os.path.join(tree, "build.log"))
    except SystemExit as e:
        raise SystemExit(f"{e}\n{commit} ({full[:9]}) does not build offline with today's command; it may need the "
                         f"flags it knew: build its server by hand in {tree}, then `echo {full} > {marker}` and run "
                         "again (the tree is then reused)")
    with open(marker, "w") as f:
        f.write(full + "\n")
    return full, tree


def start(side, jar, port, db):
    """One side's server on its own fresh database and port, once it answers, with ten applications onboarded
    (their webhooks to the sink) and M2's payments: {process, base, apps, payments}."""
    h.fresh_database(db)
    log_path = os.path.join(tempfile.gettempdir(), f"xaalis-bench-against-{db}.log")
    process, started = h.start_server({**h.database_env(db), "SERVER_PORT": str(port)}, log_path, jar)
    base = f"http://127.0.0.1:{port}"
    while True:
        try:
            if h.http("GET", base + "/ping")[0] == 200:
                break
        except OSError:
            pass
        if process.poll() is not None or time.monotonic() - started > 300:
            process.kill()
            raise SystemExit(f"the {side} side's server ({jar}) did not start: see {log_path}")
        time.sleep(0.1)
    try:
        base, apps = h.serving_with_apps(h.APPS_IN_M1, port)
    except SystemExit as e:
        h.stop_server(process)
        raise SystemExit(f"onboarding ten applications on the {side} side failed, the harness's way "
                         f"(harness.onboard: its admin API differs?): {e}")
    payments = os.path.join(os.path.dirname(apps), "payments")
    h.java_tool("create", base, apps, STATUS_PAYMENTS, payments)
    h.log(f"the {side} side: {jar} on port {port}, database {db}, up in {time.monotonic() - started:.1f} s")
    return {"process": process, "base": base, "apps": apps, "payments": payments}


class Measure:
    """One window of a figure on one side, and a side's warm-up of a figure, with the same load."""

    def __init__(self, dbs, window, deliveries, sink):
        self.dbs, self.seconds, self.n, self.sink = dbs, window, deliveries, sink

    def load(self, figure, side):
        """The figure's wrk script, URL and environment (fresh idempotency keys for each run of M1)."""
        return {"ping": ("ping.lua", side["base"] + "/ping", {}),
                "M1": ("initiate.lua", side["base"], h.initiate_env(side["apps"])),
                "M2": ("status.lua", side["base"], {"PAYMENTS": side["payments"]})}[figure]

    def warm(self, figure, side, warmup):
        """Until the JIT is done and the rate has stopped climbing: M1 and M2 for at least `warmup` seconds
        of windows, /ping for two windows, M3 for two rounds (as bench/run)."""
        if figure == "M3":
            step = lambda: h.deliveries(side["base"], side["apps"], self.n, self.sink, True, self.dbs)["deliveries_per_s"]
            return h.warm_until_steady(side["process"].pid, step, 2, 6)
        script, url, _ = self.load(figure, side)
        step = lambda: h.wrk_once(script, url, self.seconds, 32, self.load(figure, side)[2])["rps"]
        return h.warm_until_steady(side["process"].pid, step,
                                   2 if figure == "ping" else max(2, math.ceil(warmup / self.seconds)))

    def window(self, figure, side):
        """One measured window, after harness.settle() of both sides' databases: its rate, errors and the
        seconds the side's JIT compiler threads ran in it."""
        jit = h.jit_thread_seconds(side["process"].pid)
        if figure == "M3":
            d = h.deliveries(side["base"], side["apps"], self.n, self.sink, False, self.dbs)
            driver = d["driver"] if isinstance(d["driver"], dict) else {"errors": 1, "socket_errors": 0}
            # Errors: deliveries missing at the end, and failed simulations. More deliveries than expected
            # (a late one of an earlier window or of the other side, both using one sink) are not errors.
            rate, errors = d["deliveries_per_s"], max(0, d["expected"] - d["delivered"]) + driver["errors"] + driver[
                "socket_errors"]
        else:
            script, url, env = self.load(figure, side)
            w = h.wrk(script, url, self.seconds, 32, env, 0, dbs=self.dbs)
            rate, errors = w["rps"], w["errors"] + w["socket_errors"]
        return {"rate": round(rate, 1), "errors": errors,
                "jit_s": round(h.jit_thread_seconds(side["process"].pid) - jit, 2)}


def median(xs):
    xs = sorted(xs)
    return (xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2 if xs else None


def summarize(runs):
    """Per figure and side: the median, min and max of every window, each round's median; the ratio new / old
    per round (of the rounds' medians), with its median, min and max. The same for M1-M3 per /ping of the
    same side and round (the machine's speed at that moment taken out)."""
    rounds = {f: {s: [median(w["rate"] for w in rnd) for rnd in runs[f][s]] for s in SIDES} for f in FIGURES}
    out = {}
    for f in FIGURES:
        rates = {s: [w["rate"] for rnd in runs[f][s] for w in rnd] for s in SIDES}
        out[f] = {**{s: {"median": median(rates[s]), "min": min(rates[s]), "max": max(rates[s]),
                         "rounds": rounds[f][s], "errors": sum(w["errors"] for rnd in runs[f][s] for w in rnd),
                         "jit_s_max": max(w["jit_s"] for rnd in runs[f][s] for w in rnd)} for s in SIDES},
                  **ratios(rounds[f]["new"], rounds[f]["old"])}
    for f in ("M1", "M2", "M3"):
        per_ping = {s: [x / p for x, p in zip(rounds[f][s], rounds["ping"][s])] for s in SIDES}
        out[f + " per /ping"] = {**{s: {"median": median(per_ping[s]), "min": min(per_ping[s]),
                                        "max": max(per_ping[s]), "rounds": per_ping[s]} for s in SIDES},
                                 **ratios(per_ping["new"], per_ping["old"])}
    return out


def ratios(new, old):
    each = [n / o for n, o in zip(new, old) if o]
    return {"ratios": [round(x, 3) for x in each], "ratio": median(each), "ratio_min": min(each, default=None),
            "ratio_max": max(each, default=None)}


def print_table(results):
    a, s = results["against"], results["summary"]
    print(f"Side by side: old = {a['old'][:9]}, new = {a['new']} (working tree); {a['rounds']} round(s), "
          f"{a['windows_per_round']} window(s) of {a['window_s']} s a round ({a['deliveries_per_window']} deliveries "
          f"for M3), warm-up {a['warmup_s']} s")
    print()
    print("| figure | old: median (min–max) | new: median (min–max) | new ÷ old: median (min–max of rounds) | errors old / new |")
    print("|---|---|---|---|---|")
    fmt = lambda x, per_ping: f"{x:.3f}" if per_ping else f"{x:,.0f}"
    for name, row in s.items():
        per_ping = "per /ping" in name
        label = FIGURES.get(name, name)
        cells = [f"{fmt(row[x]['median'], per_ping)} ({fmt(row[x]['min'], per_ping)}–{fmt(row[x]['max'], per_ping)})"
                 for x in SIDES]
        ratio = "–" if row["ratio"] is None else f"**{row['ratio']:.3f}** ({row['ratio_min']:.3f}–{row['ratio_max']:.3f})"
        errors = "" if per_ping else f"{row['old']['errors']} / {row['new']['errors']}"
        print(f"| {label} | {cells[0]} | {cells[1]} | {ratio} | {errors} |")
    unsteady = [f"{f} {side}" for f, by in results["warm_up"].items() for side, w in by.items() if not w["steady"]]
    jit = {x: max(s[f][x]["jit_s_max"] for f in FIGURES) for x in SIDES}
    print(f"\nThe JIT's compiler threads in a measured window: at most {jit['old']} s (old), {jit['new']} s (new)."
          + (f" Warm-ups that did not settle (still compiling, or the rate moving by more than 3 %, at their last window): {', '.join(unsteady)}."
             if unsteady else " Every warm-up settled (JIT done, last two windows within 3 %)."))
