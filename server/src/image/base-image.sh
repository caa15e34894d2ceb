#!/usr/bin/env bash
# Builds the image's base layer as a `docker save` tarball that Jib extends (from tar://): a Java
# runtime made by jlink from the build's JDK with only the modules the server needs, the few glibc
# files that runtime links against (as distroless does), a non-root user and writable /tmp and /data.
# No registry and no Docker daemon are involved, and the same inputs give the same bytes.
#
# Usage: base-image.sh <jdk home> <server/target> ; the image profile of server/pom.xml calls it.
set -euo pipefail

jdk=${1:?JDK home}
target=${2:?server target directory}
uid=10001
[ "$(uname -m)" = x86_64 ] && [ -e /lib64/ld-linux-x86-64.so.2 ] \
    || { echo "base-image.sh builds linux/amd64 images on an x86_64 glibc system (Debian, Ubuntu)" >&2; exit 1; }

out=$target/image-base
rootfs=$out/rootfs
rm -rf "$out"
mkdir -p "$rootfs"

# Modules: what jdeps finds in the server and its libraries, plus those reached only by reflection
# or service loading (JMX/container metrics, DNS for JNDI, extra charsets, zip file systems).
cp=$(find "$target/image-libs" -name '*.jar' | sort | paste -sd:)
modules=$("$jdk/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release 25 \
    --class-path "$cp" "$target/classes" "$target"/image-libs/*.jar 2>/dev/null | tail -1)
case $modules in java.base*) ;; *) echo "jdeps gave no module list: $modules" >&2; exit 1 ;; esac
modules=$modules,jdk.management,jdk.naming.dns,jdk.charsets,jdk.crypto.ec,jdk.zipfs
echo "$modules" > "$out/modules.txt"

# Default JVM options are baked into the runtime, so that JDK_JAVA_OPTIONS or JAVA_TOOL_OPTIONS set
# by an operator come later on the command line and win: a heap sized from the container's memory
# limit, a clean exit on OutOfMemoryError (the orchestrator restarts the container), and room for the
# classes a warming server loads (the default 21 MB metaspace threshold set off full collections of
# 70-125 ms in the first minutes, the p99 of the benchmark's open-model run: bench/README.md).
"$jdk/bin/jlink" --add-modules "$modules" \
    --strip-debug --no-header-files --no-man-pages --generate-cds-archive \
    --add-options="-XX:MaxRAMPercentage=75 -XX:MetaspaceSize=128m -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true" \
    --output "$rootfs/opt/java" > "$out/jlink.log" 2>&1 || { cat "$out/jlink.log" >&2; exit 1; }

# glibc: the loader and the libraries the runtime's binaries link to (AWT's X11 and sound
# libraries are never loaded by a headless server and are left out), and libgcc_s, which glibc
# loads to unwind threads. Taken from the build machine (Debian), with their copyright files.
mkdir -p "$rootfs/lib/x86_64-linux-gnu" "$rootfs/lib64" "$rootfs/usr/share/doc"
libs=$(for f in "$rootfs"/opt/java/bin/* $(find "$rootfs/opt/java/lib" -name '*.so'); do
        LD_LIBRARY_PATH=$rootfs/opt/java/lib:$rootfs/opt/java/lib/server ldd "$f" 2>/dev/null || true
    done | awk '$2 == "=>" && $3 ~ /^\/(usr\/)?lib\/x86_64-linux-gnu\// { print $1 }' \
    | grep -v -E '^lib(X|xcb|asound|bsd|md)' | sort -u)
libs="$libs libgcc_s.so.1"
for lib in $libs; do
    cp -L "/lib/x86_64-linux-gnu/$lib" "$rootfs/lib/x86_64-linux-gnu/$lib"
done
cp -L /lib64/ld-linux-x86-64.so.2 "$rootfs/lib64/ld-linux-x86-64.so.2"
for pkg in libc6 libgcc-s1; do
    mkdir -p "$rootfs/usr/share/doc/$pkg"
    cp /usr/share/doc/$pkg/copyright "$rootfs/usr/share/doc/$pkg/"
done
echo "$libs" | tr ' ' '\n' | sort -u > "$out/libs.txt"

mkdir -p "$rootfs/etc" "$rootfs/tmp" "$rootfs/data"
cat > "$rootfs/etc/passwd" <<PASSWD
root:x:0:0:root:/root:/sbin/nologin
nobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin
xaalis:x:$uid:$uid:xaalis:/data:/sbin/nologin
PASSWD
cat > "$rootfs/etc/group" <<GROUP
root:x:0:
nogroup:x:65534:
xaalis:x:$uid:
GROUP
echo 'hosts: files dns' > "$rootfs/etc/nsswitch.conf"
chmod 1777 "$rootfs/tmp"
chmod 0750 "$rootfs/data"

# One layer, owned by root except /data (the server's user), with fixed times and order so that the
# tarball is byte-for-byte reproducible. /data is appended separately to give it its owner.
tar_opts=(--format=posix --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime
    --mtime=@0 --sort=name --numeric-owner)
(cd "$rootfs" && tar "${tar_opts[@]}" --owner=0 --group=0 --exclude=./data -cf "$out/layer.tar" .)
(cd "$rootfs" && tar "${tar_opts[@]}" --owner=$uid --group=$uid --no-recursion -rf "$out/layer.tar" ./data)

diff_id=$(sha256sum "$out/layer.tar" | cut -d' ' -f1)
java_version=$(sed -n 's/^JAVA_VERSION="\(.*\)"/\1/p' "$rootfs/opt/java/release")
cat > "$out/config.json" <<JSON
{"architecture":"amd64","os":"linux",
 "config":{"Env":["PATH=/opt/java/bin:/usr/bin:/bin","JAVA_HOME=/opt/java","JAVA_VERSION=$java_version","LANG=C.UTF-8"]},
 "rootfs":{"type":"layers","diff_ids":["sha256:$diff_id"]},
 "history":[{"created":"1970-01-01T00:00:00Z","created_by":"server/src/image/base-image.sh: jlink $java_version ($modules), glibc"}]}
JSON
config_id=$(sha256sum "$out/config.json" | cut -d' ' -f1)
mv "$out/config.json" "$out/$config_id.json"
echo "[{\"Config\":\"$config_id.json\",\"RepoTags\":[\"xaalis-base:local\"],\"Layers\":[\"layer.tar\"]}]" > "$out/manifest.json"
(cd "$out" && tar "${tar_opts[@]}" --owner=0 --group=0 -cf base.tar manifest.json "$config_id.json" layer.tar)
rm "$out/layer.tar"
echo "base image: $out/base.tar ($(du -h "$out/base.tar" | cut -f1)), modules: $modules"

# The runtime as the image holds it, file times included: the image's AOT cache is trained with this
# java (aot-cache.sh), and a cache is only used with the runtime files it was made with.
find "$rootfs" -exec touch -h -d @0 {} +
