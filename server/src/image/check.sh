#!/usr/bin/env bash
# Runs the container image without Docker and checks that it serves: the tarball's layers are
# unpacked into a root file system, the image's entrypoint starts in it as the image's user (new
# mount and PID namespaces, chroot, a read-only root with /data and /tmp writable, /proc, /dev and
# /etc/hosts as a container runtime provides them, the host's network), and the sandbox demo flow is
# driven over HTTP: on the embedded database, or on PostgreSQL when XAALIS_IMAGE_CHECK_POSTGRES names
# a JDBC URL (user postgres, trust auth; a schema of its own is created and dropped; needs psql).
# The JVM runs with -XX:AOTMode=on, so the check fails when the image's AOT cache cannot be used; it
# prints the time from the process start to the first answer and the first 30 s of initiations.
# XAALIS_IMAGE_CHECK_JAVA_OPTS adds JVM options after it (as an operator's JDK_JAVA_OPTIONS would), e.g.
# -XX:+UseSerialGC (what the JVM picks under 2 CPUs or 1792 MB), or -XX:AOTMode=off for the figures
# without the cache.
#
# Usage (as root, needs util-linux unshare, curl and jq):
#   server/src/image/check.sh [server/target/xaalis-image.tar]
# Without an existing tarball it builds one first (./mvnw -pl server -am package -Pimage -DskipTests).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../../.." && pwd)
image=${1:-$repo/server/target/xaalis-image.tar}
started=$(date +%s)

fail() { echo "image check FAILED: $*" >&2; exit 1; }
[ "$(id -u)" = 0 ] || fail "run as root (chroot and namespaces)"
for tool in unshare curl jq tar python3 openssl; do command -v $tool > /dev/null || fail "$tool is missing"; done

if [ ! -f "$image" ]; then
    (cd "$repo" && ./mvnw -q -B -pl server -am package -Pimage -DskipTests -Dspotless.check.skip=true -Djacoco.skip=true)
fi

work=$(mktemp -d /tmp/xaalis-image-check.XXXXXX)
server_pid=
hook_pid=
database_env=()
pg_url=${XAALIS_IMAGE_CHECK_POSTGRES:-}
schema=it_image_check_$$_$RANDOM  # it_: .ci/run drops leftovers of killed runs
cleanup() {
    if [ -n "$hook_pid" ]; then kill "$hook_pid" 2> /dev/null || true; fi
    if [ -n "$server_pid" ] && kill -0 "$server_pid" 2> /dev/null; then
        kill -KILL "$server_pid" 2> /dev/null || true
    fi
    if [ -n "$pg_url" ]; then psql "${pg_url#jdbc:}" -U postgres -qc "SET client_min_messages = warning; DROP SCHEMA IF EXISTS $schema CASCADE" || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

# 1. Unpack the image as a runtime would: layers in manifest order, owners and modes kept.
mkdir -p "$work/image" "$work/rootfs"
tar -xf "$image" -C "$work/image"
config=$work/image/$(jq -r '.[0].Config' "$work/image/manifest.json")
for layer in $(jq -r '.[0].Layers[]' "$work/image/manifest.json"); do
    if tar -tzf "$work/image/$layer" --warning=no-unknown-keyword | grep -q '\.wh\.'; then fail "whiteouts in $layer are not handled here"; fi
    tar -xzf "$work/image/$layer" -C "$work/rootfs" --warning=no-unknown-keyword --numeric-owner --same-permissions --same-owner
done
rootfs=$work/rootfs

user=$(jq -r '.config.User' "$config")
workdir=$(jq -r '.config.WorkingDir // "/"' "$config")
mapfile -t entrypoint < <(jq -r '.config.Entrypoint[]' "$config")
mapfile -t image_env < <(jq -r '.config.Env[]' "$config")
[[ $user =~ ^[0-9]+:[0-9]+$ ]] || fail "the image's user is not numeric: $user"
[ "${user%%:*}" != 0 ] || fail "the image runs as root"
[ "$(stat -c %u "$rootfs/data")" = "${user%%:*}" ] || fail "/data is not owned by the image's user"
echo "image: $(du -h "$image" | cut -f1), user $user, entrypoint ${entrypoint[*]}"

if [ -n "$pg_url" ]; then
    psql "${pg_url#jdbc:}" -U postgres -qc "CREATE SCHEMA $schema"
    database_env=(SPRING_DATASOURCE_URL="$pg_url?currentSchema=$schema" SPRING_DATASOURCE_USERNAME=postgres
        XAALIS_SECRETS_MASTER_KEY="$(head -c 32 /dev/urandom | base64)" XAALIS_DEMO_ENABLED=true)
fi

# 2. Start it. Mount points a runtime adds; the port is a free one so parallel builds do not collide.
mkdir -p "$rootfs/proc" "$rootfs/dev"
touch "$rootfs/etc/hosts" "$rootfs/etc/resolv.conf"
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port=$(free_port)
admin_token=$(head -c 24 /dev/urandom | base64 | tr -d '/+=')
log=$work/server.log
# -XX:AOTMode=on: the JVM refuses to start rather than run without the image's AOT cache. The rate limit
# is raised so that the first 30 s of initiations below measure the node, not the limit.
env -i "${image_env[@]}" "${database_env[@]}" SERVER_PORT="$port" XAALIS_PUBLIC_BASE_URL="http://127.0.0.1:$port" \
    XAALIS_ADMIN_TOKEN="$admin_token" XAALIS_WEBHOOKS_ALLOWED_PRIVATE_CIDRS=127.0.0.0/8 \
    XAALIS_RATE_LIMIT_REQUESTS_PER_SECOND=100000 JDK_JAVA_OPTIONS="-XX:AOTMode=on ${XAALIS_IMAGE_CHECK_JAVA_OPTS:-}" \
    unshare --mount --pid --fork --propagation private bash -c '
        set -e
        rootfs=$1; shift
        # A read-only root file system, as with --read-only: only the /data volume and /tmp are writable.
        mount --bind "$rootfs" "$rootfs"
        mount --bind "$rootfs/data" "$rootfs/data"
        mount -t tmpfs -o mode=1777,nosuid,nodev tmp "$rootfs/tmp"
        mount -o remount,bind,ro "$rootfs"
        mount -t proc proc "$rootfs/proc"
        mount -t tmpfs -o mode=755,nosuid dev "$rootfs/dev"
        for node in null zero random urandom; do touch "$rootfs/dev/$node"; mount --bind "/dev/$node" "$rootfs/dev/$node"; done
        mount --bind /etc/hosts "$rootfs/etc/hosts"
        mount --bind /etc/resolv.conf "$rootfs/etc/resolv.conf"
        exec unshare --root="$rootfs" --wd="$1" --setuid="$2" --setgid="$3" -- "${@:4}"
    ' check "$rootfs" "$workdir" "${user%%:*}" "${user##*:}" "${entrypoint[@]}" > "$log" 2>&1 &
server_pid=$!
launched=$(date +%s%N)

# Generous: on a shared, busy machine the start alone has taken 80 s (it is about 5 s when idle).
deadline=$((SECONDS + 300))
until curl -fsS "http://127.0.0.1:$port/ping" > /dev/null 2>&1; do
    if ! kill -0 "$server_pid" 2> /dev/null; then
        cat "$log"
        grep -qi 'AOT' "$log" && fail "the image's AOT cache cannot be used (the JVM refused to start with -XX:AOTMode=on)"
        fail "the server exited"
    fi
    [ $SECONDS -lt $deadline ] || { cat "$log"; fail "no answer on /ping after 300 s"; }
    sleep 0.02
done
first_ping_ms=$(( ($(date +%s%N) - launched) / 1000000 ))
echo "ping: $(curl -fsS "http://127.0.0.1:$port/ping") after $first_ping_ms ms from the process start (JDK_JAVA_OPTIONS=-XX:AOTMode=on ${XAALIS_IMAGE_CHECK_JAVA_OPTS:-}); $(grep -o 'Started XaalisApplication.*' "$log" || true)"

# 3. The sandbox demo flow of the README: initiate, simulate an outcome, read the status.
for _ in $(seq 50); do grep -q 'X-Api-Secret' "$log" && break; sleep 0.2; done
api_base=$(sed -n 's/^ *API base *\(http[^ ]*\).*/\1/p' "$log" | head -1)
api_key=$(sed -n 's/^ *X-Api-Key *\(pk_test_[A-Za-z0-9]*\).*/\1/p' "$log" | head -1)
api_secret=$(sed -n 's/^ *X-Api-Secret *\(sk_test_[A-Za-z0-9]*\).*/\1/p' "$log" | head -1)
[ -n "$api_base" ] && [ -n "$api_key" ] && [ -n "$api_secret" ] || { cat "$log"; fail "no demo credentials printed"; }
auth=(-H "X-Api-Key: $api_key" -H "X-Api-Secret: $api_secret")

# The first 30 s of initiations from the first answer: 8 clients in a closed loop, 5 s steps (a figure to
# read beside bench/README.md's M8, not a target: a check never fails on speed).
python3 - "$api_base" "$api_key" "$api_secret" <<'PY' || fail "initiations refused in the first 30 s"
import http.client, json, sys, threading, time, urllib.parse
base, key, secret = sys.argv[1:4]
url = urllib.parse.urlsplit(base)
body = json.dumps({"provider": "WALLET_SN", "amount": "1500"})
headers = {"X-Api-Key": key, "X-Api-Secret": secret, "Content-Type": "application/json"}
start, steps, bad, latencies, lock = time.monotonic(), [0] * 6, [], [], threading.Lock()
def client():
    connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
    while (elapsed := time.monotonic() - start) < 30:
        sent = time.monotonic()
        connection.request("POST", url.path + "/payments/initiate/", body, headers)
        response = connection.getresponse()
        response.read()
        with lock:
            if response.status == 201:
                steps[min(5, int(elapsed // 5))] += 1
                latencies.append(time.monotonic() - sent)
            else:
                bad.append(response.status)
threads = [threading.Thread(target=client) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
latencies.sort()
p99 = latencies[int(len(latencies) * 0.99)] * 1000 if latencies else 0
print(f"first 30 s of initiations (8 clients): {sum(steps) / 30:.0f}/s; per 5 s step "
      + ", ".join(f"{n / 5:.0f}/s" for n in steps) + f"; p99 {p99:.0f} ms; refused {len(bad)}")
sys.exit(1 if bad or not sum(steps) else 0)
PY

created=$(curl -fsS -X POST "$api_base/payments/initiate/" "${auth[@]}" -H 'Content-Type: application/json' \
    -H 'Idempotency-Key: image-check-1' -d '{"provider":"WALLET_SN","amount":"1500","metadata":{"order_id":1}}') \
    || fail "initiation refused"
reference=$(jq -r '.reference' <<< "$created")
[ "$(jq -r '.status' <<< "$created")" = PROCESSING ] || fail "initiation answered $created"
[ "$(jq -r '.qr_code | length > 100' <<< "$created")" = true ] || fail "no QR code in $created"
curl -fsS -X POST "$api_base/sandbox/payments/$reference/simulate" "${auth[@]}" \
    -H 'Content-Type: application/json' -d '{"outcome":"SUCCESS"}' > /dev/null || fail "simulate refused"
status=$(curl -fsS "$api_base/payments/$reference/status/" "${auth[@]}" | jq -r '.status')
[ "$status" = SUCCESS ] || fail "status is $status, not SUCCESS"
echo "payment $reference: initiated, simulated, status $status"

# 4. The operator API and a signed webhook out of the container to a receiver on loopback.
hook_port=$(free_port)
python3 - "$hook_port" "$work/hook" <<'PY' > /dev/null 2>&1 &
import http.server, json, sys
port, out = int(sys.argv[1]), sys.argv[2]
class Hook(http.server.BaseHTTPRequestHandler):
    def do_POST(self):
        body = self.rfile.read(int(self.headers["Content-Length"]))
        with open(out, "a") as f:
            f.write(json.dumps({"signature": self.headers["X-SVC-Signature"], "body": body.decode()}) + "\n")
        self.send_response(200)
        self.end_headers()
http.server.HTTPServer(("127.0.0.1", port), Hook).serve_forever()
PY
hook_pid=$!
# Listening before the first delivery: a refused one is retried only after the retry delay (a minute).
for _ in $(seq 100); do (exec 3<> "/dev/tcp/127.0.0.1/$hook_port") 2> /dev/null && break; sleep 0.1; done
admin=(-H "Authorization: Bearer $admin_token" -H 'Content-Type: application/json')
merchant=$(curl -fsS -X POST "http://127.0.0.1:$port/admin/v1/merchants" "${admin[@]}" \
    -d '{"name":"Image check","email":"image-check@example.sn","password":"a long image check password"}' | jq -r '.id') \
    || fail "the operator API refused to create a merchant"
application=$(curl -fsS -X POST "http://127.0.0.1:$port/admin/v1/merchants/$merchant/applications" "${admin[@]}" \
    -d "{\"name\":\"Hooked\",\"providers\":[\"WALLET_SN\"],\"webhook_url\":\"http://127.0.0.1:$hook_port/hook\"}") \
    || fail "the operator API refused to create an application"
hook_base="http://127.0.0.1:$port/api/v1/$(jq -r '.endpoint_key' <<< "$application")"
hook_secret=$(jq -r '.sandbox.api_secret' <<< "$application")
hook_auth=(-H "X-Api-Key: $(jq -r '.sandbox.api_key' <<< "$application")" -H "X-Api-Secret: $hook_secret")
hooked=$(curl -fsS -X POST "$hook_base/payments/initiate/" "${hook_auth[@]}" -H 'Content-Type: application/json' \
    -d '{"provider":"WALLET_SN","amount":"2500"}' | jq -r '.reference') || fail "initiation with operator-issued keys refused"
curl -fsS -X POST "$hook_base/sandbox/payments/$hooked/simulate" "${hook_auth[@]}" \
    -H 'Content-Type: application/json' -d '{"outcome":"SUCCESS"}' > /dev/null || fail "simulate refused"
for _ in $(seq 60); do grep -q "$hooked" "$work/hook" 2> /dev/null && break; sleep 0.5; done
kill "$hook_pid" 2> /dev/null || true
delivery=$(grep "$hooked" "$work/hook" | head -1) || { tail -20 "$log"; fail "no webhook for $hooked within 30 s"; }
signature=$(jq -r '.signature' <<< "$delivery")
body=$(jq -r '.body' <<< "$delivery")
t=${signature#t=}; t=${t%%,*}
expected=$(printf '%s.%s' "$t" "$body" | openssl dgst -sha256 -hmac "$hook_secret" | sed 's/^.*= //')
[[ $signature == *"v1=$expected"* ]] || fail "webhook signature $signature does not match its body"
[ "$(jq -r '.event' <<< "$body")" = transaction.success ] || fail "webhook body: $body"
echo "webhook: transaction.success for $hooked delivered to loopback, signature verified"

# 5. What the server left in its volume, and a graceful stop on SIGTERM (what `docker stop` sends).
owners=$(find "$rootfs/data" -mindepth 1 -printf '%u\n' | sort -u | tr '\n' ' ')
[ "$owners" = "${user%%:*} " ] || fail "files in /data owned by: $owners"
if [ -z "$pg_url" ]; then
    [ -f "$rootfs/data/xaalis.mv.db" ] || fail "the embedded database is not in /data"
    [ "$(stat -c %a "$rootfs/data/master.key")" = 600 ] || fail "master.key is not private to its owner"
fi
java_pid=$(pgrep -P "$server_pid" -x java || true)
[ -n "$java_pid" ] && [ "$(stat -c %u /proc/$java_pid)" = "${user%%:*}" ] || fail "java is not running as ${user%%:*}"
kill -TERM "$java_pid"
for _ in $(seq 60); do kill -0 "$server_pid" 2> /dev/null || break; sleep 0.5; done
if kill -0 "$server_pid" 2> /dev/null; then fail "still running 30 s after SIGTERM"; fi
wait "$server_pid" && code=0 || code=$?
[ "$code" = 0 ] || [ "$code" = 143 ] || { tail -20 "$log"; fail "exit code $code after SIGTERM"; }
grep -q 'ERROR' "$log" && { grep -n 'ERROR' "$log" | head; fail "errors in the server's log"; }
echo "stopped on SIGTERM (exit $code); data files owned by uid $owners"
database="embedded H2"; [ -z "$pg_url" ] || database="PostgreSQL, schema $schema"
echo "image check passed ($database) in $(( $(date +%s) - started )) s"
