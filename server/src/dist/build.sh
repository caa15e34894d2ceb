#!/usr/bin/env bash
# Lays out a node as docs/operations.md starts it: target/xaalis/ with the application extracted from the
# executable jar (xaalis.jar and lib/, as Spring Boot advises for production and as an AOT cache needs:
# classes from plain jars, not from a jar inside a jar), the launcher, and the java the build used. With
# "train", also the AOT cache, from a training run (the launcher's "train").
#
# Usage: build.sh <jdk home> <server/target> [train] ; server/pom.xml calls it at package.
set -euo pipefail

jdk=${1:?JDK home}
target=${2:?server target directory}
here=$(cd "$(dirname "$0")" && pwd)
out=$target/xaalis
jar=$(find "$target" -maxdepth 1 -name '*-exec.jar' | head -n 1)
[ -n "$jar" ] || { echo "no executable jar in $target" >&2; exit 1; }

# A fresh layout each time: a cache made for other jars would only be skipped, but it is stale.
rm -rf "$out"
"$jdk/bin/java" -Djarmode=tools -jar "$jar" extract --destination "$out" --application-filename xaalis.jar > /dev/null
cp "$here/xaalis" "$out/xaalis"
chmod +x "$out/xaalis"
echo "$jdk/bin/java" > "$out/java-path"
if [ "${3:-}" = train ]; then
    "$out/xaalis" train
fi
