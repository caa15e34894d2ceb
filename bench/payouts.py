"""M9, payouts (issue 34; bench/README.md, "Payouts (issue 34)"): a bulk payout file of 10,000 lines through the
portal, as a merchant sends one, and what its drain does to the initiations beside it.

    bench/run --payouts-only [--payouts-lines 10000] [--payouts-pace 200] [--payouts-rate 200] [--quick]

On a fresh database and server (the wallet's payouts paced at --payouts-pace per second,
`xaalis.payouts.pace.WALLET_SN`, sandbox answers after 0.2 s, `xaalis.payouts.sandbox-delay`), a merchant
with ten applications (webhooks to the sink, so each payout's webhook is delivered as well) signs in to
the portal and turns payouts on for its first application's sandbox. The initiation path is warmed with
wrk (M1's script) until the JIT is done with it, as before M1, and the payout path with a small file of
its own (uploaded, confirmed, drained; its figures kept in the results, not printed). Then:

1. Initiations alone, open model at --payouts-rate per second (`Load initiate-rate`, as M1's half-rate
   phase: 64 keep-alive connections, latency from when each request was due, its first half unrecorded):
   p50 / p99 with no payout going out.
2. The bulk file: the upload POST (multipart, every number different), the preview page it redirects to
   (where the confirm form's token is), the confirm POST; each one's time and the acceptance time, from
   the upload's start to the confirm's answer.
3. From the confirm's answer, PostgreSQL is polled every 0.25 s (`SELECT status, count(*) FROM payouts
   WHERE batch_id = ...`) until no payout of the file is PROCESSING: the time to drain and the rate
   (payouts / that time; also the rate between 10 % and 90 % drained). The same initiations start at
   once beside the drain: their p50 / p99 and the ratio to step 1's; how many payouts left PROCESSING
   during their window, and whether the drain outlasted it.
4. The same initiations alone again once the file has drained: a second window without payouts, on the
   same node, so that a disturbance of one of the two windows without them (other work on a shared
   machine shows up in its CPU as the rest of the machine) can be told from the drain's effect.

Figures only; nothing is asserted. In each initiation window, how busy the machine was (/proc/stat) and
where its CPU went (the server, PostgreSQL, the load tool, the sink, the rest of the machine), and the
server's time in GC: other work on a shared machine shows up as the rest.
"""
import http.client, json, os, re, shutil, subprocess, tempfile, threading, time, uuid
from urllib.parse import quote

import harness as h
from growth import MachineBusy

BASE = f"http://127.0.0.1:{h.SERVER_PORT}"
WARM_LINES = 200
SANDBOX_DELAY = "PT0.2S"
POLL_S = 0.25


def load_classpath():
    """The classpath of sn.xaalis.bench.Load: the benchmark jar when built, else Load and its client
    compiled here with the JDK's javac (they need nothing but the JDK), so the scenario also runs with
    --skip-build on a machine where only the server was built."""
    jar = os.path.join(h.BENCH, "target", "benchmarks.jar")
    if os.path.exists(jar):
        return jar
    classes = tempfile.mkdtemp(prefix="xaalis-bench-load-")
    sources = os.path.join(h.BENCH, "src", "main", "java", "sn", "xaalis", "bench")
    h.run([os.path.join(os.path.dirname(h.JAVA), "javac"), "-d", classes, os.path.join(sources, "Load.java"),
           os.path.join(sources, "KeepAliveClient.java")])
    return classes


def load_tool(classpath, *args, timeout=600):
    out = h.run([h.JAVA, "-cp", classpath, "sn.xaalis.bench.Load", *map(str, args)], timeout=timeout)
    return json.loads([l for l in out.splitlines() if l.startswith("{")][-1])


class Portal:
    """A merchant's browser: the session cookie, the CSRF token of the last page, redirects not followed."""

    def __init__(self):
        self.cookies = {}
        self.csrf = None

    def request(self, method, path, body=None, content_type=None):
        conn = http.client.HTTPConnection("127.0.0.1", h.SERVER_PORT, timeout=300)
        headers = {}
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if content_type:
            headers["Content-Type"] = content_type
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode("utf-8", "replace")
        finally:
            conn.close()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                k, v = value.split(";", 1)[0].split("=", 1)
                self.cookies[k.strip()] = v
        token = re.search(r'name="_csrf"\s+value="([^"]+)"', text) or re.search(
            r'value="([^"]+)"\s+name="_csrf"', text)
        if token:
            self.csrf = token.group(1)
        return response.status, response.getheader("Location") or "", text

    def form(self, path, fields):
        body = "&".join(f"{quote(k, safe='')}={quote(v, safe='')}" for k, v in
                        {**fields, "_csrf": self.csrf}.items())
        return self.request("POST", path, body, "application/x-www-form-urlencoded")

    def multipart(self, path, fields, file_field, file_name, file_type, content):
        boundary = "----xaalis-bench-" + uuid.uuid4().hex
        parts = []
        for k, v in {"_csrf": self.csrf, **fields}.items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode())
        parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{file_field}"; filename="{file_name}"'
                     f'\r\nContent-Type: {file_type}\r\n\r\n'.encode() + content + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        return self.request("POST", path, b"".join(parts), f"multipart/form-data; boundary={boundary}")


def expect(step, answer, status, location_part=""):
    """Stops the scenario with the server's answer when a step does not answer as a browser expects."""
    code, location, text = answer
    if code != status or location_part not in location:
        words = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", re.sub(r"(?s)<(script|style)[^>]*>.*?</\1>", " ", text)))
        raise SystemExit(f"M9: {step} answered {code} (expected {status}{' to ' + location_part if location_part else ''})"
                         f"{', Location ' + location if location else ''}\n--- body (text) ---\n{words.strip()[:4000]}")
    return answer


def csv_file(lines, prefix):
    """A bulk file: a header, then one payout of 1,000 FCFA a line, every number different (a number twice
    is a duplicate the file leaves out), none of the sandbox's magic numbers (70 000 00 11 to 13)."""
    rows = ["numero;montant;nom;motif"] + [f"{prefix}{1_000_000 + i:07d};1000;Nom {i + 1};Bench" for i in range(lines)]
    return ("\r\n".join(rows) + "\r\n").encode()


def counts(batch):
    out = {}
    for line in h.psql(f"SELECT status, count(*) FROM payouts WHERE batch_id = '{batch}' GROUP BY status", h.DB).split():
        status, n = line.split("|")
        out[status] = int(n)
    return out


def send_file(portal, app, lines, prefix, provider="WALLET_SN"):
    """Upload, preview, confirm: each step's seconds, the batch and its lines as the server read them."""
    path = f"/portal/applications/{app}/payouts"
    content = csv_file(lines, prefix)
    t0 = time.monotonic()
    _, location, _ = expect("the upload", portal.multipart(f"{path}/files?env=sandbox", {"provider": provider},
                                                           "file", "bench.csv", "text/csv", content), 302, "/files/")
    t1 = time.monotonic()
    batch = re.search(r"/files/([0-9a-f-]{36})", location).group(1)
    expect("the preview", portal.request("GET", f"{path}/files/{batch}?env=sandbox"), 200)
    t2 = time.monotonic()
    expect("the confirmation", portal.form(f"{path}/files/{batch}/confirm?env=sandbox", {}), 302, f"/files/{batch}")
    t3 = time.monotonic()
    row = h.psql(f"SELECT status, lines, good_lines FROM payout_batches WHERE id = '{batch}'", h.DB).strip().split("|")
    return {"batch": batch, "lines": lines, "bytes": len(content), "batch_status": row[0], "lines_read": int(row[1]),
            "good_lines": int(row[2]), "upload_s": round(t1 - t0, 3), "preview_s": round(t2 - t1, 3),
            "confirm_s": round(t3 - t2, 3), "upload_to_confirm_s": round(t3 - t0, 3),
            "upload_to_confirm_without_preview_s": round(t3 - t0 - (t2 - t1), 3)}, t3


class Drain(threading.Thread):
    """Polls the file's payouts by status from the confirm's answer until none is PROCESSING."""

    def __init__(self, batch, confirmed_at, limit_s):
        super().__init__(daemon=True)
        self.batch, self.confirmed_at, self.limit_s = batch, confirmed_at, limit_s
        self.timeline = []  # (seconds since the confirm's answer, counts by status)
        self.done_at = None

    def run(self):
        while time.monotonic() - self.confirmed_at < self.limit_s:
            c = counts(self.batch)
            at = time.monotonic() - self.confirmed_at
            self.timeline.append((round(at, 3), c))
            if c and c.get("PROCESSING", 0) == 0:
                self.done_at = at
                return
            time.sleep(POLL_S)

    def processing_at(self, t):
        """PROCESSING at the last poll at or before t seconds (None before the first)."""
        before = [c.get("PROCESSING", 0) for at, c in self.timeline if at <= t]
        return before[-1] if before else None


def drain_figures(drain, total):
    t = drain.timeline
    left = t[-1][1].get("PROCESSING", 0) if t else total
    out = {"drained": total - left, "left_processing": left, "final_counts": t[-1][1] if t else {},
           "drain_s": round(drain.done_at, 2) if drain.done_at is not None else None}
    out["drain_per_s"] = round(total / drain.done_at, 1) if drain.done_at else None
    first = next((at for at, c in t if c.get("PROCESSING", 0) < total), None)
    out["first_settled_s"] = first
    # Between 10 % and 90 % drained: the rate once going, without the first pass's wait or the last's tail.
    lo = next(((at, c.get("PROCESSING", 0)) for at, c in t if c.get("PROCESSING", 0) <= 0.9 * total), None)
    hi = next(((at, c.get("PROCESSING", 0)) for at, c in t if c.get("PROCESSING", 0) <= 0.1 * total), None)
    if lo and hi and hi[0] > lo[0]:
        out["steady_per_s"] = round((lo[1] - hi[1]) / (hi[0] - lo[0]), 1)
    # Every second's poll, for the results file.
    out["timeline"] = [[at, c.get("PROCESSING", 0)] for at, c in t[::max(1, int(1 / POLL_S))]]
    return out


def postgres_pids():
    pids = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                with open(f"/proc/{pid}/comm") as f:
                    if f.read().strip() == "postgres":
                        pids.append(int(pid))
            except OSError:
                pass
    return pids


def gc_seconds(pid):
    """That JVM's time in garbage collection so far (jstat -gc, GCT), None if it cannot tell."""
    try:
        lines = h.run([h.JSTAT, "-gc", str(pid)], check=False).splitlines()
        return float(dict(zip(lines[0].split(), lines[1].split()))["GCT"])
    except (IndexError, KeyError, ValueError, OSError):
        return None


class Usage:
    """Where the machine's CPU went in a window, in cores: the server, PostgreSQL (its processes alive at
    both ends), the harness's children that ended within it (the load tool, psql), the sink, and the rest
    of the machine (busy time, /proc/stat, less those); and the server's time in GC (read outside it)."""

    def __init__(self, server_pid, sink_pid):
        self.server_pid, self.sink_pid = server_pid, sink_pid
        self.gc = gc_seconds(server_pid)
        self.busy = MachineBusy()
        self.ticks = self._machine_ticks()
        self.procs = h.cpu_seconds([server_pid, sink_pid] + postgres_pids())
        self.children = self._children()
        self.at = time.monotonic()

    @staticmethod
    def _machine_ticks():
        with open("/proc/stat") as f:
            t = [int(x) for x in f.readline().split()[1:]]
        return sum(t[:8]) - t[3] - t[4]

    @staticmethod
    def _children():
        t = os.times()
        return t.children_user + t.children_system

    def done(self):
        seconds = time.monotonic() - self.at
        busy = (self._machine_ticks() - self.ticks) / os.sysconf("SC_CLK_TCK")
        after = h.cpu_seconds(list(self.procs))
        used = {pid: after[pid] - t for pid, t in self.procs.items() if pid in after}
        server = used.get(self.server_pid, 0)
        sink = used.get(self.sink_pid, 0)
        postgres = sum(v for pid, v in used.items() if pid not in (self.server_pid, self.sink_pid))
        children = self._children() - self.children
        fraction = self.busy.fraction()
        gc = gc_seconds(self.server_pid)
        cores = lambda x: round(x / seconds, 2)
        return {"machine_busy": round(fraction, 3), "seconds": round(seconds, 1), "cores": {
            "server": cores(server), "postgres": cores(postgres), "load_tool_and_psql": cores(children),
            "sink": cores(sink), "rest_of_machine": cores(busy - server - postgres - children - sink)},
            "server_gc_s": round(gc - self.gc, 2) if gc is not None and self.gc is not None else None}


def onboard(sink):
    """The merchant: known e-mail and password (the portal's sign-in), ten applications with both
    providers, webhooks to the sink; the first one sends the payouts."""
    email = f"payouts{time.time_ns()}@example.com"
    merchant = h.admin("POST", "/merchants", {"name": "Payouts", "email": email, "password": h.PASSWORD})
    apps, ids = [], []
    for i in range(10):
        app = h.admin("POST", f"/merchants/{merchant['id']}/applications",
                      {"name": f"payouts {i}", "providers": ["WALLET_SN", "MOBILEMONEY_SN"]})
        h.admin("PATCH", f"/applications/{app['id']}", {"webhook_url": sink + "/hook"})
        apps.append((app["endpoint_key"], app["sandbox"]["api_key"], app["sandbox"]["api_secret"], ""))
        ids.append(app["id"])
    return email, apps, ids[0]


def sign_in(email):
    portal = Portal()
    expect("GET /portal/login", portal.request("GET", "/portal/login"), 200)
    expect("the sign-in", portal.form("/portal/login", {"email": email, "password": h.PASSWORD, "code": ""}),
           302, "/portal/dashboard")
    return portal


def measure(lines, pace, rate, seconds, warmup):
    classpath = load_classpath()
    results = {"lines": lines, "pace_per_s": {"WALLET_SN": pace}, "sandbox_delay": SANDBOX_DELAY,
               "initiation_rate": rate, "initiation_seconds": seconds}
    sink_process = subprocess.Popen([h.JAVA, "-cp", classpath, "sn.xaalis.bench.Load", "sink", str(h.SINK_PORT)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    h.wait_port(h.SINK_PORT)
    sink = f"http://127.0.0.1:{h.SINK_PORT}"
    # Properties of the payout module, passed as the server's SPRING_APPLICATION_JSON (a map keyed by the
    # provider's name does not bind from a plain environment variable).
    payouts_json = json.dumps({"xaalis": {"payouts": {"pace": {"WALLET_SN": pace}, "sandbox-delay": SANDBOX_DELAY}}})
    h.log(f"M9: server with xaalis.payouts.pace.WALLET_SN={pace}, xaalis.payouts.sandbox-delay={SANDBOX_DELAY}")
    server_log = os.path.join(tempfile.gettempdir(), "xaalis-bench-payouts-server.log")
    # A copy of the build's jar: a build that rewrites server/target meanwhile does not touch the running node.
    built = h.server_jar()
    jar = os.path.join(tempfile.mkdtemp(prefix="xaalis-bench-jar-"), os.path.basename(built))
    shutil.copy2(built, jar)
    results["jar"] = {"built": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(os.path.getmtime(built))),
                      "head": h.run(["git", "-C", h.ROOT, "rev-parse", "--short", "HEAD"], check=False).strip()}
    server, _ = h.start_server({**h.database_env(), "SPRING_APPLICATION_JSON": payouts_json}, server_log, jar)
    try:
        h.wait_port(h.SERVER_PORT)
        while h.http("GET", BASE + "/ping")[0] != 200:
            time.sleep(0.05)
        email, apps, app = onboard(sink)
        apps_file = os.path.join(tempfile.mkdtemp(prefix="xaalis-bench-"), "apps")
        h.write_apps(apps, apps_file)
        portal = sign_in(email)
        path = f"/portal/applications/{app}/payouts"
        expect("the payouts page", portal.request("GET", f"{path}?env=sandbox"), 200)
        expect("turning payouts on", portal.form(f"{path}/settings?env=sandbox", {
            "enabled": "on", "daily_amount_cap": "50000000", "daily_count_cap": "20000", "allowed_addresses": "",
            "password": h.PASSWORD}), 302)
        enabled = h.psql(f"SELECT enabled FROM payout_settings WHERE application_id = '{app}'", h.DB).strip()
        h.log(f"   merchant {email}, payouts on for application {app} (enabled: {enabled})")

        h.log(f"M9: warm-up: initiations with wrk until the JIT is done, then a file of {WARM_LINES} payouts")

        def warm_initiations(s):
            h.run(["wrk", "-t2", "-c32", f"-d{s}s", "-s", os.path.join(h.WRK_DIR, "initiate.lua"), BASE],
                  env={"WRK_DIR": h.WRK_DIR, "APPS": apps_file, "EXPECT": "201", "RUN_ID": f"m9w{time.time_ns()}"})
        h.warm_until_compiled(server.pid, warm_initiations, warmup)
        expect("the payouts page", portal.request("GET", f"{path}?env=sandbox"), 200)
        warm, warm_confirmed = send_file(portal, app, WARM_LINES, "76")
        warm_drain = Drain(warm["batch"], warm_confirmed, 60)
        warm_drain.run()
        results["warm_file"] = {**warm, **{k: v for k, v in drain_figures(warm_drain, warm["good_lines"]).items()
                                           if k != "timeline"}}
        h.log(f"   warm-up file: upload {warm['upload_s']} s, confirm {warm['confirm_s']} s, drained in "
              f"{results['warm_file']['drain_s']} s")

        h.log(f"M9: initiations alone at {rate}/s for {seconds} s (open model)")
        h.settle()
        usage = Usage(server.pid, sink_process.pid)
        results["initiations_before"] = load_tool(classpath, "initiate-rate", BASE, apps_file, rate, seconds)
        results["initiations_before"].update(usage.done())
        b = results["initiations_before"]
        h.log(f"   p50 {b['latency_ms']['p50']:.1f} ms, p99 {b['latency_ms']['p99']:.1f} ms, errors {b['errors']}, "
              f"machine {b['machine_busy']:.0%} busy, cores {b['cores']}, server GC {b['server_gc_s']} s")

        h.log(f"M9: a bulk file of {lines} payouts: upload, preview, confirm")
        h.settle()
        expect("the payouts page", portal.request("GET", f"{path}?env=sandbox"), 200)
        h.http("POST", sink + "/reset")
        accepted, confirmed_at = send_file(portal, app, lines, "77")
        results["file"] = accepted
        total = accepted["good_lines"]
        h.log(f"   upload {accepted['upload_s']} s, preview {accepted['preview_s']} s, confirm {accepted['confirm_s']} s: "
              f"{accepted['upload_to_confirm_s']} s from the upload's start to the confirm's answer "
              f"({accepted['good_lines']} good lines of {accepted['lines_read']}, batch {accepted['batch_status']})")

        drain = Drain(accepted["batch"], confirmed_at, max(120, 4 * total / pace))
        drain.start()
        h.log(f"M9: initiations at {rate}/s for {seconds} s beside the drain")
        usage = Usage(server.pid, sink_process.pid)
        started = time.monotonic() - confirmed_at
        during = load_tool(classpath, "initiate-rate", BASE, apps_file, rate, seconds)
        ended = time.monotonic() - confirmed_at
        during.update(usage.done())
        # The tool's first half (seconds / 2) is unrecorded: its measured window is its last `seconds`.
        window_from = max(started, ended - seconds)
        during["window_s"] = [round(window_from, 2), round(ended, 2)]
        processing_from, processing_to = drain.processing_at(window_from), drain.processing_at(ended)
        during["payouts_settled_in_window"] = (processing_from - processing_to
                                               if processing_from is not None and processing_to is not None else None)
        during["drain_outlasted_window"] = bool(processing_to)
        results["initiations_during"] = during
        h.log(f"   p50 {during['latency_ms']['p50']:.1f} ms, p99 {during['latency_ms']['p99']:.1f} ms, errors "
              f"{during['errors']}, machine {during['machine_busy']:.0%} busy, cores {during['cores']}, server GC "
              f"{during['server_gc_s']} s; {during['payouts_settled_in_window']} "
              f"payouts settled in its window ({window_from:.1f}-{ended:.1f} s after the confirm), "
              f"{processing_to} still PROCESSING at its end")
        drain.join()
        results["drain"] = drain_figures(drain, total)
        results["webhooks_delivered"] = json.loads(h.http("GET", sink + "/count")[1])["received"]
        d = results["drain"]
        h.log(f"   drained {d['drained']} of {total} in {d['drain_s']} s: {d['drain_per_s']}/s "
              f"(10-90 %: {d.get('steady_per_s')}/s); {results['webhooks_delivered']} webhooks at the sink; "
              f"final {d['final_counts']}")
        h.log(f"M9: initiations alone again at {rate}/s for {seconds} s, after the drain")
        h.settle()
        usage = Usage(server.pid, sink_process.pid)
        results["initiations_after"] = load_tool(classpath, "initiate-rate", BASE, apps_file, rate, seconds)
        results["initiations_after"].update(usage.done())
        a = results["initiations_after"]
        h.log(f"   p50 {a['latency_ms']['p50']:.1f} ms, p99 {a['latency_ms']['p99']:.1f} ms, errors {a['errors']}, "
              f"machine {a['machine_busy']:.0%} busy, cores {a['cores']}, server GC {a['server_gc_s']} s")
        results["p99_ratio_during_over_after"] = round(
            during["latency_ms"]["p99"] / max(1e-9, a["latency_ms"]["p99"]), 3)
        results["p99_ratio_during_over_before"] = round(
            during["latency_ms"]["p99"] / max(1e-9, results["initiations_before"]["latency_ms"]["p99"]), 3)
        results["p50_ratio_during_over_before"] = round(
            during["latency_ms"]["p50"] / max(1e-9, results["initiations_before"]["latency_ms"]["p50"]), 3)
        results["peak_rss_mb"] = h.peak_rss_mb(server.pid)
    finally:
        h.stop_server(server)
        sink_process.kill()
        shutil.rmtree(os.path.dirname(jar), ignore_errors=True)
    return results


def print_table(m9):
    f, d, b, w = m9["file"], m9["drain"], m9["initiations_before"], m9["initiations_during"]
    print(f"| M9 payouts ({f['good_lines']:,} of {f['lines']:,} lines, {f['bytes']:,} bytes) | value | target |")
    print("|---|---|---|")
    print(f"| upload POST / preview page / confirm POST | {f['upload_s']:.2f} / {f['preview_s']:.2f} / "
          f"{f['confirm_s']:.2f} s | |")
    print(f"| acceptance: upload start to confirm answer | **{f['upload_to_confirm_s']:.2f} s** "
          f"({f['upload_to_confirm_without_preview_s']:.2f} s without the preview) | < 10 s |")
    print(f"| pace (xaalis.payouts.pace.WALLET_SN), sandbox delay | {m9['pace_per_s']['WALLET_SN']}/s, "
          f"{m9['sandbox_delay']} | |")
    drain_s = f"{d['drain_s']:.1f} s" if d["drain_s"] is not None else f"not drained ({d['left_processing']} left)"
    print(f"| drain: confirm answer to none PROCESSING | {drain_s}, first settled after {d['first_settled_s']} s | |")
    print(f"| drain rate: whole / 10-90 % | {d['drain_per_s']}/s / {d.get('steady_per_s')}/s | reported |")
    print(f"| webhooks at the sink by the end / final statuses | {m9['webhooks_delivered']} / {d['final_counts']} | |")
    print(f"| initiations at {m9['initiation_rate']}/s before the file: p50 / p99 | "
          f"{b['latency_ms']['p50']:.1f} / {b['latency_ms']['p99']:.1f} ms, errors {b['errors']}, "
          f"machine {b['machine_busy']:.0%} busy | |")
    print(f"| the same during the drain: p50 / p99 | {w['latency_ms']['p50']:.1f} / {w['latency_ms']['p99']:.1f} ms, "
          f"errors {w['errors']}, machine {w['machine_busy']:.0%} busy; {w['payouts_settled_in_window']} payouts settled "
          f"in its window, drain {'outlasted' if w['drain_outlasted_window'] else 'ended within'} it | |")
    a = m9["initiations_after"]
    print(f"| the same alone again, after the drain: p50 / p99 | {a['latency_ms']['p50']:.1f} / "
          f"{a['latency_ms']['p99']:.1f} ms, errors {a['errors']}, machine {a['machine_busy']:.0%} busy | |")
    for label, x in (("before", b), ("during", w), ("after", a)):
        c = x["cores"]
        print(f"| CPU {label}, in cores: server / PostgreSQL / load tool / sink / rest of the machine; server GC | "
              f"{c['server']} / {c['postgres']} / {c['load_tool_and_psql']} / {c['sink']} / {c['rest_of_machine']}; "
              f"{x['server_gc_s']} s | |")
    print(f"| p99 during / before (p50) | **{m9['p99_ratio_during_over_before']}** ({m9['p50_ratio_during_over_before']}) "
          f"| reported |")
    print(f"| p99 during / after | {m9['p99_ratio_during_over_after']} | reported |")
