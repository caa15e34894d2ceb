"""What the benchmark's measurements share (run.py, growth.py): the machine's paths and ports, the
server's start and stop, PostgreSQL, wrk, pgbench, JMH and the result files. It imports no measurement,
so that each of them may import it.
"""
import json, os, re, shutil, signal, socket, subprocess, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH = os.path.join(ROOT, "bench")
WRK_DIR = os.path.join(BENCH, "wrk")
JAVA = "/usr/lib/jvm/temurin-25-jdk-amd64/bin/java"
PG = dict(host="127.0.0.1", port="5432", user="postgres")
# Overridable so that two worktrees can run the harness at once without dropping each other's database.
DB = os.environ.get("XAALIS_BENCH_DB", "xaalis_bench")
ADMIN = "bench-admin-token-0123456789"
MASTER_KEY = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
SERVER_PORT = int(os.environ.get("XAALIS_BENCH_PORT", "18080"))
SINK_PORT, HANG_PORT = SERVER_PORT + 10, SERVER_PORT + 11
PASSWORD = "bench password 123"  # the benchmark merchants' portal password


def log(message):
    print(f"[bench {time.strftime('%H:%M:%S')}] {message}", flush=True)


def run(cmd, env=None, check=True, capture=True, timeout=None):
    result = subprocess.run(cmd, env={**os.environ, **(env or {})}, text=True, timeout=timeout,
                            stdout=subprocess.PIPE if capture else None, stderr=subprocess.STDOUT if capture else None)
    if check and result.returncode != 0:
        raise SystemExit(f"failed: {' '.join(cmd)}\n{result.stdout}")
    return result.stdout or ""


def psql(sql, db="postgres", check=True):
    return run(["psql", "-h", PG["host"], "-p", PG["port"], "-U", PG["user"], "-d", db, "-v", "ON_ERROR_STOP=1",
                "-qAtc", sql], check=check)


def wait_port(port, timeout=120):
    deadline = time.time() + timeout
    while time.time() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise SystemExit(f"nothing listens on {port}")


def http(method, url, body=None, headers=None):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json",
                                                                             **(headers or {})})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def admin(method, path, body=None, base=f"http://127.0.0.1:{SERVER_PORT}"):
    status, text = http(method, base + "/admin/v1" + path, body, {"Authorization": f"Bearer {ADMIN}"})
    if status >= 300:
        raise SystemExit(f"admin {method} {path}: {status} {text}")
    return json.loads(text)


def settle(dbs=None):
    """A checkpoint before a measured phase: the WAL earlier phases wrote (R1 alone writes half a GB)
    otherwise triggers one inside the next phase, whose fsync stalls showed up as 100-200 ms in M1's
    half-rate p99. Checkpoints that a phase's own writes trigger still count against it.

    Before it, a VACUUM ANALYZE of the benchmark's database: this machine's PostgreSQL runs with
    autovacuum off (the CI's configuration), where a production one would have cleaned the queues'
    dead rows and refreshed the statistics between phases; without it a phase pays for the last one's
    dead rows, and plans made on a table's empty-start statistics. dbs: the databases to clean (default
    the harness's; a side-by-side run has one per side, both cleaned before each window of either)."""
    for db in dbs or [DB]:
        psql("VACUUM ANALYZE", db, check=False)  # before the database exists, nothing to clean
    psql("CHECKPOINT")


def wrk(script, url, seconds, connections, env, warmup, cpu_of=None, jit_of=None, around=None, dbs=None):
    """A warm-up run, then the measured one; returns the JSON line the scripts print. With cpu_of (a
    function giving process ids), also the CPU seconds those processes used in the measured run. With
    jit_of (the server's process id), the warm-up goes on until that JVM's JIT is done with the path. With
    around (a function giving a number, such as a counter of the server's), also how much it grew. dbs:
    the databases settle() cleans before the measured run."""
    base_env = {"WRK_DIR": WRK_DIR, **env}
    if warmup:
        def warm(s):
            run(["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{s}s", "-s", os.path.join(WRK_DIR, script),
                 url], env={**base_env, "RUN_ID": env.get("RUN_ID", "w") + f"w{time.time_ns()}"})
        if jit_of:
            warm_until_compiled(jit_of, warm, warmup)
        else:
            warm(warmup)
    settle(dbs)
    before = cpu_seconds(cpu_of()) if cpu_of else None
    around_before = around() if around else None
    result = wrk_once(script, url, seconds, connections, base_env)
    if around:
        result["around"] = around() - around_before
    if cpu_of:
        after = cpu_seconds(cpu_of())
        used = {pid: after[pid] - t for pid, t in before.items() if pid in after}
        result["cpu_s"] = sum(used.values())
        result["cpu_s_first"] = next(iter(used.values()), 0)  # the first process cpu_of names (the server)
    return result


def wrk_once(script, url, seconds, connections, env):
    """One wrk run of a script of bench/wrk, nothing before it: the JSON line the script prints."""
    out = run(["wrk", f"-t{min(2, connections)}", f"-c{connections}", f"-d{seconds}s", "--timeout", "10s", "-s",
               os.path.join(WRK_DIR, script), url], env={"WRK_DIR": WRK_DIR, **env})
    return json.loads(next(l for l in out.splitlines() if l.startswith("JSON "))[5:])


def initiate_env(apps_file, run_id=None):
    """wrk/initiate.lua's environment (M1): the applications, every response checked (a 201 with its QR
    code's PNG), idempotency keys never used before (run_id prefixes them)."""
    return {"APPS": apps_file, "EXPECT": "201", "EXPECT_BODY": '"qr_code":"iVBOR',
            "RUN_ID": run_id or str(time.time_ns())}


JSTAT = os.path.join(os.path.dirname(JAVA), "jstat")
WARM_STEP_S, WARM_MAX_STEPS = 10, 12


def jit_seconds(pid):
    """Time that JVM's JIT has spent compiling so far (jstat -compiler), or None if it cannot tell."""
    try:
        return float(run([JSTAT, "-compiler", str(pid)], check=False).splitlines()[1].split()[3])
    except (IndexError, ValueError, OSError):
        return None


def warm_until_compiled(pid, warm, minimum):
    """The warm-up of a server path before it is measured. On two cores that also carry the load, C2
    compiled for about a core's worth of time for the first 50 s of initiations (jstat -compiler, 10 s
    windows: 16, 10, 10, 10, 10, then 1.6 s) and the first 20 s of status reads (11.6, 10.4, then 1.0 s),
    so a fixed warm-up (30 s and 10 s) left measured windows sharing the machine with the compiler.
    Warms for `minimum` seconds, then in 10 s steps until a step compiles for under a second (at most 12)."""
    warm(minimum)
    spent = []
    # Each reading starts a JVM (jstat): one per step, the end of one step being the start of the next.
    before = jit_seconds(pid)
    for _ in range(WARM_MAX_STEPS):
        if before is None:
            return
        warm(WARM_STEP_S)
        after = jit_seconds(pid)
        if after is None:
            return
        spent.append(after - before)
        before = after
        if spent[-1] < WARM_STEP_S / 10:
            break
    log(f"   warm-up: {minimum} s, then {len(spent)} x {WARM_STEP_S} s until the JIT is done (compiling "
        f"{', '.join(f'{x:.1f}' for x in spent)} s in those steps)")


STEADY_WITHIN = 0.03  # the rate has stopped climbing when two warm-up windows in a row are this close


def warm_until_steady(pid, step, min_steps, max_steps=WARM_MAX_STEPS):
    """The warm-up of a path until the JIT is done with it and its rate has stopped climbing: at least
    min_steps runs of step() (one warm-up window, returning its rate), then more until the last two rates
    are within STEADY_WITHIN of each other and the JVM's compiler threads (pid's) used under a tenth of
    the last window's time, at most max_steps in all. Returns the rates and whether both held."""
    rates, jit = [], []
    for i in range(max_steps):
        jit_before, started = jit_thread_seconds(pid), time.monotonic()
        rates.append(step())
        jit.append(jit_thread_seconds(pid) - jit_before)
        compiling = jit[-1] > (time.monotonic() - started) / 10
        moving = len(rates) < 2 or abs(rates[-1] - rates[-2]) > STEADY_WITHIN * max(rates[-1], rates[-2])
        if i + 1 >= min_steps and not compiling and not moving:
            break
    steady = not compiling and not moving
    log(f"   warm-up: {len(rates)} windows, rates {', '.join(f'{r:.0f}' for r in rates)}; JIT "
        f"{', '.join(f'{x:.1f}' for x in jit)} s" + ("" if steady else " (NOT steady: still "
                                                     f"{'compiling' if compiling else 'moving by more than 3 %'} at the last window)"))
    return {"rates": [round(r, 1) for r in rates], "jit_s": [round(x, 2) for x in jit], "steady": steady}


def cpu_seconds(pids):
    """User + system CPU of each process, from /proc (a process gone meanwhile is left out)."""
    ticks, cpu = os.sysconf("SC_CLK_TCK"), {}
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            cpu[pid] = (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, ValueError, IndexError):
            pass
    return cpu


def jit_thread_seconds(pid):
    """CPU of that JVM's JIT compiler threads so far (/proc/<pid>/task/*/stat, names C1/C2 CompilerThre…)."""
    ticks, total = os.sysconf("SC_CLK_TCK"), 0.0
    try:
        tasks = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return 0.0
    for task in tasks:
        try:
            with open(f"/proc/{pid}/task/{task}/stat") as f:
                text = f.read()
            name = text[text.index("(") + 1:text.rindex(")")]
            if "CompilerThre" in name:
                fields = text.rsplit(")", 1)[1].split()
                total += (int(fields[11]) + int(fields[12])) / ticks
        except (OSError, ValueError, IndexError):
            pass
    return total


def pgbench(script_sql, seconds, clients=16, warmup=5):
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
        f.write(script_sql)
        path = f.name
    base = ["pgbench", "-h", PG["host"], "-p", PG["port"], "-U", PG["user"], "-n", "-c", str(clients), "-j", "2",
            "-f", path, DB]
    if warmup:
        run(base + ["-T", str(warmup)])
    settle()
    out = run(base + ["-T", str(seconds), "-r"])
    os.unlink(path)
    tps = float(re.search(r"tps = ([0-9.]+)", out).group(1))
    latency = float(re.search(r"latency average = ([0-9.]+) ms", out).group(1))
    return {"tps": tps, "latency_avg_ms": latency}


def java_tool(*args, timeout=600):
    out = run([JAVA, "-cp", os.path.join(BENCH, "target", "benchmarks.jar"), "sn.xaalis.bench.Load", *map(str, args)],
              timeout=timeout)
    line = [l for l in out.splitlines() if l.startswith("{")][-1]
    return json.loads(line)


def deliveries(base, apps_file, n, sink, warmup, dbs=None):
    """M3/M4: n payments created first, then driven to SUCCESS by wrk through the simulation API
    (32 connections) while the sink counts the signed deliveries; the rate counts from the first
    simulation to the last delivery. For M4 the payments of the applications whose sink hangs are
    driven first, unmeasured: their sink then hangs (holding their applications' delivery slots until
    the timeout) and their backlog waits in the outbox while the measured window drives the healthy
    payments, the same traffic as M3. Measured in one window with them, the healthy rate would also
    pay for simulating the hanging applications' payments, a tenth of the work, which has nothing to
    do with their sinks hanging. dbs: the databases settle() cleans before the measured window."""
    work = tempfile.mkdtemp(prefix="xaalis-bench-")
    all_file = os.path.join(work, "all")
    java_tool("create", base, apps_file, n, all_file)
    hanging = {line.split()[0] for line in open(apps_file) if line.split()[3:] == ["hang"]}
    lines = open(all_file).read().splitlines()
    payments_file = os.path.join(work, "payments")
    with open(payments_file, "w") as f:
        f.writelines(l + "\n" for l in lines if l.split()[0] not in hanging)
    if hanging:
        hang_file = os.path.join(work, "hanging")
        with open(hang_file, "w") as f:
            f.writelines(l + "\n" for l in lines if l.split()[0] in hanging)
        out = run(["wrk", "-t2", "-c32", "-d5s", "--timeout", "20s", "-s", os.path.join(WRK_DIR, "simulate.lua"), base],
                  env={"WRK_DIR": WRK_DIR, "PAYMENTS": hang_file, "THREADS": "2"})
        if json.loads(next(l for l in out.splitlines() if l.startswith("JSON "))[5:])["errors"]:
            raise SystemExit("simulating the hanging applications' payments failed")
        time.sleep(1)  # their deliveries now hang, holding every slot their applications may have
    expected = sum(1 for _ in open(payments_file))
    settle(dbs)
    http("POST", sink + "/reset")
    start_ms = int(time.time() * 1000)
    driver = subprocess.Popen(["wrk", "-t2", "-c32", "-d600s", "--timeout", "20s", "-s",
                               os.path.join(WRK_DIR, "simulate.lua"), base],
                              env={**os.environ, "WRK_DIR": WRK_DIR, "PAYMENTS": payments_file, "THREADS": "2"},
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        result = sink_wait(sink, expected, start_ms)
    finally:
        driver.send_signal(signal.SIGINT)
        out, _ = driver.communicate(timeout=30)
    line = next((l for l in out.splitlines() if l.startswith("JSON ")), None)
    result["simulated"] = len(open(payments_file).read().splitlines())
    result["driver"] = json.loads(line[5:]) if line else out[-500:]
    shutil.rmtree(work, ignore_errors=True)
    return result


def median_round(measure, rounds=3):
    """The round with the median delivery rate of `rounds` runs of `measure`, with every round's rate
    in the order measured."""
    results = [measure() for _ in range(rounds)]
    median = sorted(results, key=lambda r: r["deliveries_per_s"])[rounds // 2]
    return {**median, "rounds": [r["deliveries_per_s"] for r in results]}


def sink_wait(sink, expected, start_ms):
    """Waits for the sink to count `expected` deliveries (or for 5 s without a new one, or 3 minutes),
    polling its count from here: a JVM started for it would compete with the server for the CPU in
    the very window it measures."""
    deadline, seen, seen_at = time.time() + 180, -1, time.time()
    while time.time() < deadline:
        received = json.loads(http("GET", sink + "/count")[1])["received"]
        if received >= expected:
            break
        if received != seen:
            seen, seen_at = received, time.time()
        elif received > 0 and time.time() - seen_at > 5:
            break
        time.sleep(0.02)
    stats = json.loads(http("GET", sink + "/stats")[1])
    seconds = max(0.001, (stats["last_at"] - start_ms) / 1000)
    return {"expected": expected, "delivered": stats["received"], "deliveries_per_s": stats["received"] / seconds,
            "sink": stats}


def server_env():
    """The environment every benchmark node gets (its database comes on top)."""
    return {"SERVER_PORT": str(SERVER_PORT), "XAALIS_ADMIN_TOKEN": ADMIN, "XAALIS_SECRETS_MASTER_KEY": MASTER_KEY,
            "XAALIS_WEBHOOKS_ALLOWED_PRIVATE_CIDRS": "127.0.0.0/8",
            "XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND": "10000000",
            "XAALIS_PUBLIC_BASE_URL": "https://pay.xaalis.example",
            "XAALIS_DEMO_ENABLED": "false", "LOGGING_LEVEL_ROOT": "WARN"}


def server_jar(root=ROOT):
    """The executable jar the build of the tree at root made (default: this working tree's)."""
    target = os.path.join(root, "server", "target")
    return next(os.path.join(target, f) for f in os.listdir(target) if f.endswith("-exec.jar"))


def start_server(env, log_path, jar=None):
    """jar: the executable jar to run (default: the build's, server/target/*-exec.jar)."""
    jar = jar or server_jar()
    # The launcher's JVM settings (server/src/dist/xaalis), on the executable jar.
    cmd = [JAVA, "-XX:+UseParallelGC", "-Xms256m", "-Xmx1g", "-XX:MetaspaceSize=128m", "-jar", jar]
    logf = open(log_path, "w")
    started = time.monotonic()
    process = subprocess.Popen(cmd, cwd=tempfile.mkdtemp(prefix="xaalis-bench-"), stdout=logf, stderr=subprocess.STDOUT,
                               env={**os.environ, **server_env(), **env})
    return process, started


def database_env(db=DB):
    """A benchmark node's database: the harness's PostgreSQL database (or db, on the same server)."""
    return {"SPRING_DATASOURCE_URL": f"jdbc:postgresql://127.0.0.1:5432/{db}", "SPRING_DATASOURCE_USERNAME": "postgres",
            "SPRING_DATASOURCE_PASSWORD": ""}


def build_server(root=ROOT, bench=False, log_path=None):
    """The server as it ships, without its tests (offline: the build has run once on this machine), of
    the tree at root (default this working tree); with bench, also bench/target/benchmarks.jar. With
    log_path, Maven's output goes there, and a failed build says so in one line."""
    log(f"building the server{' and the benchmark jar' if bench else ''}" + ("" if root == ROOT else f" in {root}"))
    cmd = [os.path.join(root, "mvnw"), "-q", "-B", "-o", *(["-Pbench"] if bench else []), "-pl",
           "server,bench" if bench else "server", "-am", "package", "-DskipTests", "-Djacoco.skip=true",
           "-Dspotless.check.skip=true"]
    if not log_path:
        if subprocess.run(cmd, cwd=root).returncode != 0:
            raise SystemExit(f"the build in {root} failed ({' '.join(cmd[1:])})")
        return
    with open(log_path, "w") as out:
        code = subprocess.run(cmd, cwd=root, stdout=out, stderr=subprocess.STDOUT).returncode
    if code != 0:
        raise SystemExit(f"the build in {root} failed ({' '.join(cmd[1:])}): see {log_path}")


def fresh_database(db=DB):
    """The harness's PostgreSQL database (or db, on the same server), dropped and made again."""
    log("fresh PostgreSQL database " + db)
    psql(f"DROP DATABASE IF EXISTS {db} WITH (FORCE)")
    psql(f"CREATE DATABASE {db}")


def serving(env, log_path):
    """A node on the harness's database, once it answers /ping."""
    process, _ = start_server({**database_env(), **env}, log_path)
    wait_port(SERVER_PORT)
    while http("GET", f"http://127.0.0.1:{SERVER_PORT}/ping")[0] != 200:
        time.sleep(0.1)
    return process


def psql_file(sql, variables):
    """A SQL script run by psql on the harness's database, with its -v variables (stops at the first error)."""
    path = os.path.join(tempfile.mkdtemp(prefix="xaalis-bench-"), "script.sql")
    with open(path, "w") as f:
        f.write(sql)
    args = ["psql", "-h", PG["host"], "-p", PG["port"], "-U", PG["user"], "-d", DB, "-v", "ON_ERROR_STOP=1", "-q",
            "-f", path]
    for k, v in variables.items():
        args[1:1] = ["-v", f"{k}={v}"]
    return run(args, timeout=3600)


def load_average():
    with open("/proc/loadavg") as f:
        return f.read().split()[:3]


def serving_with_apps(n_apps, port=SERVER_PORT):
    """Once the node just started answers, n_apps applications whose webhooks go to the sink: (base, apps file)."""
    wait_port(port)
    base = f"http://127.0.0.1:{port}"
    while http("GET", base + "/ping")[0] != 200:
        time.sleep(0.05)
    apps_file = os.path.join(tempfile.mkdtemp(prefix="xaalis-bench-"), "apps")
    write_apps(onboard(n_apps, [f"http://127.0.0.1:{SINK_PORT}/hook"] * n_apps, base), apps_file)
    return base, apps_file


def stop_server(process):
    """SIGTERM (a graceful stop), then SIGKILL if it has not stopped within 30 s."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()


def peak_rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return None


def onboard(n_apps, hook_urls, base=f"http://127.0.0.1:{SERVER_PORT}"):
    """n_apps applications with both providers; app i's webhook is hook_urls[i]."""
    merchant = admin("POST", "/merchants", {"name": "Bench", "email": f"bench{time.time_ns()}@example.com",
                                            "password": PASSWORD}, base)
    apps = []
    for i in range(n_apps):
        app = admin("POST", f"/merchants/{merchant['id']}/applications",
                    {"name": f"bench {i}", "providers": ["WALLET_SN", "MOBILEMONEY_SN"]}, base)
        admin("PATCH", f"/applications/{app['id']}", {"webhook_url": hook_urls[i]}, base)
        apps.append((app["endpoint_key"], app["sandbox"]["api_key"], app["sandbox"]["api_secret"],
                     "hang" if str(HANG_PORT) in hook_urls[i] else ""))
    return apps


def write_apps(apps, path):
    with open(path, "w") as f:
        for a in apps:
            f.write(" ".join(x for x in a if x) + "\n")


def startup_on_embedded_db():
    """M5b: from process start to the first successful initiation, on a fresh embedded database."""
    data = tempfile.mkdtemp(prefix="xaalis-h2-")
    process, started = start_server({"XAALIS_DATA_DIR": data}, os.path.join(data, "server.log"))
    try:
        base = f"http://127.0.0.1:{SERVER_PORT}"
        while True:
            try:
                status, _ = http("GET", base + "/ping")
                if status == 200:
                    break
            except OSError:
                time.sleep(0.02)
            if time.monotonic() - started > 120:
                raise SystemExit("the embedded server did not start")
        up = time.monotonic() - started
        apps = onboard(1, ["https://hooks.example.com/x"], base)
        ek, key, secret, _ = apps[0]
        status, _ = http("POST", f"{base}/api/v1/{ek}/payments/initiate/", {"provider": "WALLET_SN", "amount": "100"},
                         {"X-Api-Key": key, "X-Api-Secret": secret})
        assert status == 201, status
        return {"listening_s": round(up, 3), "first_initiation_s": round(time.monotonic() - started, 3)}
    finally:
        process.send_signal(signal.SIGTERM)
        process.wait(30)
        shutil.rmtree(data, ignore_errors=True)


def jmh(quick):
    out = run([JAVA, "-jar", os.path.join(BENCH, "target", "benchmarks.jar"), "-f", "1", "-wi", "2" if quick else "3",
               "-i", "3" if quick else "5", "-w", "1s", "-r", "1s", "-rf", "json", "-rff", "/tmp/xaalis-jmh.json"],
              timeout=1800)
    results = json.load(open("/tmp/xaalis-jmh.json"))
    return {r["benchmark"].split(".", 3)[-1]: {"score": round(r["primaryMetric"]["score"], 3),
                                               "error": round(r["primaryMetric"]["scoreError"], 3),
                                               "unit": r["primaryMetric"]["scoreUnit"]} for r in results}


APPS_IN_M1 = 10


def prometheus_value(base, name):
    """One sample of the server's /actuator/prometheus (the admin token's), 0 when it has none yet."""
    status, body = http("GET", base + "/actuator/prometheus", headers={"Authorization": f"Bearer {ADMIN}"})
    if status != 200:
        raise RuntimeError(f"/actuator/prometheus answered {status}")
    for line in body.splitlines():
        if line.startswith(name + " ") or line.startswith(name + "{"):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


# The limit per application, as a multiple of what the first M1 reached per application: above the load, so
# the buckets are drained and refilled by it, with room for a later run that is faster than the first (at
# 1.25, a first run on a machine not yet warm left the later runs' own buckets refusing requests).
LIMIT_FACTOR = 2


# The limiter runs: each node's own buckets; the shared ones as configured by default (a share is 50 ms of
# the rate); and the shared ones with shares of 10 ms of the rate, so about five times the grants. The
# third is the magnifying glass: what its extra grants add to the CPU per initiation, divided by how many
# more there are, is what one grant costs; times the default's grants per initiation, the limiter's cost.
LIMITER_KINDS = {"own": {"XAALIS_RATE_LIMIT_CLUSTER_WIDE": "false"},
                 "cluster": {"XAALIS_RATE_LIMIT_CLUSTER_WIDE": "true"},
                 "cluster-10ms": {"XAALIS_RATE_LIMIT_CLUSTER_WIDE": "true", "XAALIS_RATE_LIMIT_LEASE": "PT0.01S"}}


def limiter_ab(seconds, warmup, rounds, m1_rps=None, magnify=True):
    """M1 with each node's own buckets (`cluster-wide=false`), with the buckets shared through
    PostgreSQL (the default there), and, with magnify, with shares a fifth as large, on fresh servers of
    the same database, in an order that rotates from round to round. The limit is LIMIT_FACTOR times what
    M1 reaches per application (M1 spreads over 10), so the shared buckets' node leases shares of a bucket
    the load drains and refills, rather than of a 10,000,000/s bucket it never empties. Without an M1
    figure yet, the first run of own buckets, at the harness's usual limit, sets it (the in-memory limiter
    costs the same whatever the limit). Each run counts its grants
    (xaalis_rate_limit_grants_seconds) and splits its CPU per initiation into the server's and that of its
    PostgreSQL client backends (autovacuum's workers, whose passes come when they will, left out)."""
    runs = []
    limit = None if m1_rps is None else int(m1_rps * LIMIT_FACTOR / APPS_IN_M1) + 1
    kinds = [k for k in LIMITER_KINDS if magnify or k != "cluster-10ms"]
    for r in range(rounds):
        # Round 0 starts with own buckets, whose first run sets the limit when there is none yet.
        order = kinds[r % len(kinds):] + kinds[:r % len(kinds)]
        for kind in order:
            psql("CHECKPOINT", db=DB)
            env = {**database_env(), **LIMITER_KINDS[kind]}
            if limit:
                env["XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND"] = str(limit)
            server, _ = start_server(env, os.path.join(tempfile.gettempdir(), f"xaalis-bench-limiter-{r + 1}-{kind}.log"))
            try:
                base, apps_file = serving_with_apps(APPS_IN_M1)
                m1 = wrk("initiate.lua", base, seconds, 32, initiate_env(apps_file), 3 * warmup, jit_of=server.pid,
                         cpu_of=lambda: [server.pid] + [int(p) for p in psql(
                             f"SELECT pid FROM pg_stat_activity WHERE datname = '{DB}' "
                             "AND backend_type = 'client backend' AND pid <> pg_backend_pid()").split()],
                         around=lambda: prometheus_value(base, "xaalis_rate_limit_grants_seconds_count"))
            finally:
                stop_server(server)
            errors = m1["errors"] + m1["socket_errors"]
            done = max(1, m1["rps"] * seconds)
            cpu_us = m1["cpu_s"] / done * 1e6
            server_us = m1["cpu_s_first"] / done * 1e6
            grants = m1["around"] / done
            log(f"   M1 with the {kind} limiter (limit {limit or 'out of the way'}/s per application): "
                f"{m1['rps']:.0f}/s, errors {errors}, {cpu_us:.0f} us of CPU (server + PostgreSQL) each, "
                f"{server_us:.0f} us of it the server's, {grants:.4f} grants each")
            runs.append({"round": r, "limiter": kind, "limit": limit, "rps": m1["rps"], "errors": errors,
                         "cpu_us": round(cpu_us), "server_cpu_us": round(server_us),
                         "grants_per_initiation": round(grants, 5)})
            if limit is None:
                limit = int(m1["rps"] * LIMIT_FACTOR / APPS_IN_M1) + 1
    return {"runs": runs, "limit_per_app": limit, **limiter_figures(runs, rounds)}


def limiter_paired(seconds, warmup, rounds, limit):
    """Own buckets and shared buckets at the same time: two nodes of the same database, one of each kind,
    each with ten applications of its own and 16 of the 32 connections, warmed together and measured in
    the same window. A machine whose speed drifts (every session's so far: M1 halved in 20 minutes) then
    weighs on both alike, which runs one after the other cannot promise. Per round: the shared node's
    initiations over the own node's, and its server CPU per initiation (its JIT compiler threads left
    out) over the own node's (PostgreSQL's CPU cannot be split between two nodes of one database). The
    two nodes swap ports every round."""
    import threading
    runs = []
    for r in range(rounds):
        settle()
        ports = {"own": SERVER_PORT + 20 + (r % 2), "cluster": SERVER_PORT + 21 - (r % 2)}
        nodes = {}
        try:
            for kind, port in ports.items():
                env = {**database_env(), **LIMITER_KINDS[kind], "SERVER_PORT": str(port),
                       "XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND": str(limit)}
                nodes[kind], _ = start_server(env, os.path.join(tempfile.gettempdir(),
                                                                f"xaalis-bench-paired-{r + 1}-{kind}.log"))
            apps = {}
            for kind, port in ports.items():
                wait_port(port)
                base = f"http://127.0.0.1:{port}"
                while http("GET", base + "/ping")[0] != 200:
                    time.sleep(0.05)
                apps[kind] = os.path.join(tempfile.mkdtemp(prefix="xaalis-bench-"), "apps")
                write_apps(onboard(APPS_IN_M1, [f"http://127.0.0.1:{SINK_PORT}/hook"] * APPS_IN_M1, base=base),
                           apps[kind])

            def both(duration, measured):
                out = {}
                def one(kind):
                    out[kind] = run(["wrk", "-t1", "-c16", f"-d{duration}s", "--timeout", "10s", "-s",
                                     os.path.join(WRK_DIR, "initiate.lua"), f"http://127.0.0.1:{ports[kind]}"],
                                    env={"WRK_DIR": WRK_DIR, **initiate_env(apps[kind], f"p{kind}{time.time_ns()}")})
                threads = [threading.Thread(target=one, args=(k,)) for k in ports]
                cpu_before = cpu_seconds([nodes[k].pid for k in ports]) if measured else None
                jit_before = {k: jit_thread_seconds(nodes[k].pid) for k in ports} if measured else None
                grants_before = prometheus_value(f"http://127.0.0.1:{ports['cluster']}",
                                                 "xaalis_rate_limit_grants_seconds_count") if measured else None
                [t.start() for t in threads]
                [t.join() for t in threads]
                if not measured:
                    return None
                cpu_after = cpu_seconds([nodes[k].pid for k in ports])
                jit_after = {k: jit_thread_seconds(nodes[k].pid) for k in ports}
                grants = prometheus_value(f"http://127.0.0.1:{ports['cluster']}",
                                          "xaalis_rate_limit_grants_seconds_count") - grants_before
                result = {}
                for k in ports:
                    line = json.loads(next(l for l in out[k].splitlines() if l.startswith("JSON "))[5:])
                    done = max(1, line["rps"] * duration)
                    pid = nodes[k].pid
                    jit = jit_after[k] - jit_before[k]
                    # The JIT's threads left out: a node still compiling (the shared buckets' node has more
                    # code to compile) would otherwise be charged for its warm-up, not its requests.
                    result[k] = {"rps": line["rps"], "errors": line["errors"] + line["socket_errors"],
                                 "server_cpu_us": (cpu_after[pid] - cpu_before[pid] - jit) / done * 1e6,
                                 "jit_s": round(jit, 2)}
                result["cluster"]["grants_per_initiation"] = grants / max(1, result["cluster"]["rps"] * duration)
                return result

            # Warm-up together until neither JIT compiles for more than a second in a 10 s step.
            both(3 * warmup, False)
            for _ in range(WARM_MAX_STEPS):
                before = {k: jit_seconds(nodes[k].pid) for k in ports}
                both(WARM_STEP_S, False)
                after = {k: jit_seconds(nodes[k].pid) for k in ports}
                if any(v is None for v in before.values()) or all(
                        after[k] - before[k] < WARM_STEP_S / 10 for k in ports):
                    break
            psql("CHECKPOINT")
            m = both(seconds, True)
        finally:
            for node in nodes.values():
                stop_server(node)
        ratio = m["cluster"]["rps"] / max(1, m["own"]["rps"])
        cpu_ratio = m["cluster"]["server_cpu_us"] / max(1, m["own"]["server_cpu_us"])
        log(f"   round {r + 1}: own {m['own']['rps']:.0f}/s ({m['own']['server_cpu_us']:.0f} us of server CPU each, JIT "
            f"{m['own']['jit_s']} s), shared {m['cluster']['rps']:.0f}/s ({m['cluster']['server_cpu_us']:.0f} us, JIT "
            f"{m['cluster']['jit_s']} s, "
            f"{m['cluster']['grants_per_initiation']:.4f} grants each): ratio {ratio:.3f}, server CPU {cpu_ratio:.3f}, "
            f"errors {m['own']['errors'] + m['cluster']['errors']}")
        runs.append({"round": r, "own": m["own"], "cluster": m["cluster"], "ratio": round(ratio, 3),
                     "server_cpu_ratio": round(cpu_ratio, 3)})
    ratios = sorted(x["ratio"] for x in runs)
    cpu = sorted(x["server_cpu_ratio"] for x in runs)
    mid = lambda xs: round((xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2, 3)
    return {"runs": runs, "limit_per_app": limit, "ratio_median": mid(ratios), "server_cpu_ratio_median": mid(cpu),
            "ratio_min": ratios[0], "ratio_max": ratios[-1]}


def limiter_figures(runs, rounds):
    """Per round: M1 and CPU per initiation of the shared buckets over the own; with the magnified runs,
    the CPU of one grant and what the default's grants cost per initiation. Medians over the rounds."""
    def median(xs):
        xs = sorted(xs)
        return round((xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2, 3) if xs else None
    ratios, cpu_ratios, grant_us, grant_cost = [], [], [], []
    for r in range(rounds):
        by = {x["limiter"]: x for x in runs if x["round"] == r}
        if "own" in by and "cluster" in by:
            ratios.append(by["cluster"]["rps"] / by["own"]["rps"])
            cpu_ratios.append(by["cluster"]["cpu_us"] / max(1, by["own"]["cpu_us"]))
        if "own" in by and "cluster" in by and "cluster-10ms" in by:
            extra = by["cluster-10ms"]["grants_per_initiation"]
            if extra > 0:
                us = (by["cluster-10ms"]["cpu_us"] - by["own"]["cpu_us"]) / extra
                grant_us.append(us)
                grant_cost.append(us * by["cluster"]["grants_per_initiation"] / max(1, by["own"]["cpu_us"]))
    return {"ratios": [round(x, 3) for x in ratios], "cpu_ratios": [round(x, 3) for x in cpu_ratios],
            "ratio_median": median(ratios), "cpu_ratio_median": median(cpu_ratios),
            "ratio_mean": round(sum(ratios) / len(ratios), 3) if ratios else None,
            "ratio_min": round(min(ratios), 3) if ratios else None,
            "ratio_max": round(max(ratios), 3) if ratios else None,
            "grant_cpu_us": [round(x) for x in grant_us], "grant_cpu_us_median": median(grant_us),
            "grants_cost_share": [round(x, 4) for x in grant_cost], "grants_cost_share_median": median(grant_cost)}


def print_limiter(ab):
    print("| M1 limiter run | limiter | limit per application | initiations/s | errors | CPU per initiation "
          "(server's) | grants per initiation |")
    print("|---|---|---|---|---|---|---|")
    for x in ab["runs"]:
        print(f"| round {x['round'] + 1} | {x['limiter']} | {x['limit'] or 10_000_000} | {x['rps']:.0f} | "
              f"{x['errors']} | {x['cpu_us']} us ({x['server_cpu_us']} us) | {x['grants_per_initiation']} |")
    print(f"\n**M1 cluster-wide / own buckets**: median {ab['ratio_median']} (rounds: {ab['ratios']}; "
          f"mean {ab['ratio_mean']}, min {ab['ratio_min']}, max {ab['ratio_max']}); target >= 0.9")
    print(f"CPU per initiation, cluster-wide / own buckets (server + its PostgreSQL backends): median "
          f"{ab['cpu_ratio_median']} (rounds: {ab['cpu_ratios']}); target under 1.10")
    if ab["grant_cpu_us"]:
        print(f"One grant's CPU, from the 10 ms shares' extra grants: median {ab['grant_cpu_us_median']} us "
              f"(rounds: {ab['grant_cpu_us']}); the default's grants cost per initiation: median "
              f"{ab['grants_cost_share_median']} of own buckets' CPU (rounds: {ab['grants_cost_share']})")


def write_results(results):
    os.makedirs(os.path.join(BENCH, "results"), exist_ok=True)
    out = os.path.join(BENCH, "results", time.strftime("%Y%m%d-%H%M%S") + ".json")
    with open(out, "w") as f:
        json.dump(results, f, indent=2)
    print(f"\nwritten to {out}")
