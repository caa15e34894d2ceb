"""M8, warm start (issue 33; bench/README.md, "Warm start"): how fast a node is from the moment its process
starts, the way a rolling upgrade or a replacement node meets its first traffic.

    bench/run --warm-only [--quick]     # or as part of bench/run, after M1

Applications are onboarded by an earlier process, so the measured one has never seen their keys. From its
start, /ping is polled every 20 ms (the first answer), then M1's load (32 connections, closed loop, fresh
idempotency keys and metadata) runs as back-to-back 5-second wrk steps until 90 s after the start. Each
step's rate and p99; the time to 0.9 x steady M1 (the end of the first step at or above it: steady M1 is
M1 of the same run, from a node warmed until its JIT is done); the worst p99 of the steps starting 10 s or
more after the start; then, warmed on until its JIT is done, the start's own steady M1 (so plain
`java -jar` is compared with the launcher warm as well as cold). For each way of starting: plain `java -jar`
on the executable jar, the launcher's JVM settings without a cache, the launcher as documented (settings
and the AOT cache of the training run), and the launcher with G1 in place of its ParallelGC.
`--warm-rounds N` repeats the starts in rotating order and prints medians; `--warm-starts` picks some.
"""
import os, subprocess, tempfile, time

import harness as h

STEP_S = 5
WINDOW_S = 90
STEADY_S = 20
NODE = os.path.join(h.ROOT, "server", "target", "xaalis")


def starts():
    """The command and environment of each way of starting a node, with the JVM the build used."""
    exec_jar = h.server_jar()
    java = open(os.path.join(NODE, "java-path")).read().strip()
    if not os.path.exists(os.path.join(NODE, "xaalis.aot")):
        raise SystemExit("no AOT cache in server/target/xaalis: build with -Pwarm-start (bench/run does)")
    launcher = [os.path.join(NODE, "xaalis")]
    return {
        "plain java -jar": ([java, "-jar", exec_jar], {}),
        # The launcher's settings with its cache turned off (the launcher puts XAALIS_JAVA_OPTS last).
        "settings, no cache": (launcher, {"XAALIS_JAVA_OPTS": "-XX:AOTMode=off"}),
        "launcher (settings + AOT cache)": (launcher, {}),
        # The same with G1, the JVM's own choice on a server-class machine, in place of ParallelGC.
        "launcher with G1": (launcher, {"XAALIS_JAVA_OPTS": "-XX:+UseG1GC"}),
    }


def curve(command, env, apps_file):
    """One start of `command`: the first /ping answer, then 5-second steps of M1's load until WINDOW_S."""
    log_path = os.path.join(tempfile.gettempdir(), "xaalis-bench-warm.log")
    started = time.monotonic()
    process = subprocess.Popen(command, cwd=tempfile.mkdtemp(prefix="xaalis-bench-"), stdout=open(log_path, "w"),
                               stderr=subprocess.STDOUT, env={**os.environ, **h.server_env(), **env})
    base = f"http://127.0.0.1:{h.SERVER_PORT}"
    try:
        while True:
            try:
                if h.http("GET", base + "/ping")[0] == 200:
                    break
            except OSError:
                pass
            if process.poll() is not None or time.monotonic() - started > 120:
                raise SystemExit(f"the node did not start: {log_path}")
            time.sleep(0.02)
        first_answer = time.monotonic() - started
        steps = []
        while time.monotonic() - started < WINDOW_S:
            at = time.monotonic() - started
            step = h.wrk_once("initiate.lua", base, STEP_S, 32, h.initiate_env(apps_file, f"m8-{time.time_ns()}"))
            steps.append({"from_s": round(at, 1), "to_s": round(time.monotonic() - started, 1),
                          "rps": round(step["rps"]), "p99_ms": round(step["p99_ms"], 1),
                          "errors": step["errors"] + step["socket_errors"]})
        # Then this start's own steady M1: warmed on until its JIT is done, as M1 is.
        steady = h.wrk("initiate.lua", base, STEADY_S, 32, h.initiate_env(apps_file, f"m8s-{time.time_ns()}"), 10,
                       jit_of=process.pid)
        return {"first_answer_s": round(first_answer, 2), "steps": steps, "own_steady_m1": round(steady["rps"])}
    finally:
        h.stop_server(process)


def summarize(result, steady):
    """Time to 0.9 x steady (None: not within the window) and the worst p99 after the first 10 s."""
    reached = next((s["to_s"] for s in result["steps"] if s["rps"] >= 0.9 * steady), None)
    late = [s["p99_ms"] for s in result["steps"] if s["from_s"] >= 10]
    return {**result, "steady_m1": round(steady), "time_to_90pct_s": reached,
            "p99_after_10s_ms": max(late) if late else None,
            "errors": sum(s["errors"] for s in result["steps"])}


def measure(apps_file, steady, database_env, rounds=1, only=None):
    """Each way of starting, `rounds` times in rotating order (a machine that drifts then weighs on each
    start alike); with several rounds, each start's figures are the medians and its rounds are kept."""
    chosen = {name: start for name, start in starts().items() if not only or any(o in name for o in only)}
    names = list(chosen)
    runs = {name: [] for name in names}
    for r in range(rounds):
        for name in names[r % len(names):] + names[:r % len(names)]:
            command, start_env = chosen[name]
            h.settle()
            h.log(f"M8: {name}" + (f" (round {r + 1} of {rounds})" if rounds > 1 else ""))
            result = summarize(curve(command, {**database_env, **start_env}, apps_file), steady)
            runs[name].append(result)
            h.log(f"   first /ping {result['first_answer_s']} s; 0.9 x M1 ({0.9 * steady:.0f}/s) after "
                  f"{result['time_to_90pct_s']} s; p99 after 10 s {result['p99_after_10s_ms']} ms; "
                  f"errors {result['errors']}; steady {result['own_steady_m1']}/s; steps {[s['rps'] for s in result['steps']]}")
    return {name: runs[name][0] if rounds == 1 else median_of(runs[name]) for name in names}


def median_of(results):
    """The median start (by its own steady M1) with the medians of the other figures and every round's."""
    def median(values):
        values = sorted(v for v in values if v is not None)
        return values[len(values) // 2] if values else None
    middle = sorted(results, key=lambda r: r["own_steady_m1"])[len(results) // 2]
    return {**middle, "first_answer_s": median(r["first_answer_s"] for r in results),
            "time_to_90pct_s": median(r["time_to_90pct_s"] for r in results),
            "p99_after_10s_ms": median(r["p99_after_10s_ms"] for r in results),
            "rounds": [{k: r[k] for k in ("first_answer_s", "time_to_90pct_s", "p99_after_10s_ms", "own_steady_m1")}
                       for r in results]}


def print_table(m8):
    print("| M8 warm start | first /ping | 0.9 x steady M1 after | p99 after 10 s | its own steady M1 | initiations/s in 5 s steps |")
    print("|---|---|---|---|---|---|")
    for name, r in m8.items():
        print(f"| {name} | {r['first_answer_s']} s | {r['time_to_90pct_s']} s (of {r['steady_m1']}/s) | "
              f"{r['p99_after_10s_ms']} ms | {r['own_steady_m1']}/s | {', '.join(str(s['rps']) for s in r['steps'])} |")
    if any("rounds" in r for r in m8.values()):
        print("\nMedians of the rounds (the steps are the median start's); each round's own steady M1:")
        for name, r in m8.items():
            print(f"- {name}: {', '.join(str(x['own_steady_m1']) for x in r['rounds'])}/s; first /ping "
                  f"{', '.join(str(x['first_answer_s']) for x in r['rounds'])} s")
    print("\nTargets (launcher): 0.9 x steady M1 within 30 s of the start, p99 <= 100 ms after 10 s, first /ping within 3 s.")
