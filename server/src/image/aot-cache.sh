#!/usr/bin/env bash
# Makes the image's ahead-of-time cache (docs/operations.md, "The container image"): a training run of the
# server (training/ in the server: a representative workload on an in-memory database) with the image's
# own Java runtime and the image's classpath, laid out here as Jib lays it out under /app, file times
# included. A JDK 25 cache is bound to its runtime and to the jars it was made with (their paths relative
# to each other, sizes and times), not to where they were: so the cache made here is the image's.
#
# Usage: aot-cache.sh <server/target> <application jar> <runtime classpath file>
#   the classpath file is Maven's runtime classpath in Maven's order (dependency:build-classpath), which is
#   the order of Jib's /app/jib-classpath-file; the image profile of server/pom.xml calls it.
# XAALIS_IMAGE_TRAINING_DURATION sets the training's length (default 60s).
set -euo pipefail

target=${1:?server target directory}
application=${2:?application jar}
classpath_file=${3:?runtime classpath file}
java=$target/image-base/rootfs/opt/java/bin/java
out=$target/image-aot
stage=$out/stage
[ -x "$java" ] || { echo "no image runtime at $java (base-image.sh first)" >&2; exit 1; }

rm -rf "$out"
mkdir -p "$stage/app/classpath" "$stage/app/libs" "$out/layer"
cp "$application" "$stage/app/classpath/"
cp_entries=("$stage/app/classpath/$(basename "$application")")
libs=()
IFS=: read -r -a libs < "$classpath_file" || true  # no newline at its end: read says so, and has read it
[ ${#libs[@]} -gt 0 ] || { echo "no libraries in $classpath_file" >&2; exit 1; }
for lib in "${libs[@]}"; do
    name=$(basename "$lib")
    [ ! -e "$stage/app/libs/$name" ] || { echo "two libraries named $name: the image's classpath would differ" >&2; exit 1; }
    cp "$lib" "$stage/app/libs/$name"
    cp_entries+=("$stage/app/libs/$name")
done
# Jib's file times: one second past the epoch.
find "$stage" -exec touch -h -d @1 {} +
classpath=$(IFS=:; echo "${cp_entries[*]}")

work=$(mktemp -d "${TMPDIR:-/tmp}/xaalis-image-train.XXXXXX")
trap 'rm -rf "$work"' EXIT
duration=${XAALIS_IMAGE_TRAINING_DURATION:-60s}
echo "image: training run ($duration) for the AOT cache, log in $out/training.log"
# A clean environment; the training sets its own database, secrets, port and limits. No collector is named,
# as in the image: the JVM chooses, and an operator's JDK_JAVA_OPTIONS may name one.
if env -i PATH="$PATH" HOME="$work" XAALIS_TRAINING_DURATION="$duration" \
    "$java" -XX:AOTCacheOutput="$out/layer/xaalis.aot" -cp "$classpath" sn.xaalis.XaalisApplication \
    > "$out/training.log" 2>&1 && [ -s "$out/layer/xaalis.aot" ]; then
    echo "image: AOT cache of $(du -m "$out/layer/xaalis.aot" | cut -f1) MB"
else
    tail -40 "$out/training.log" >&2
    echo "image: the training run failed (log above)" >&2
    exit 1
fi
