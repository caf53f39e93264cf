#!/usr/bin/env bash
# Scale benchmark of the volumes view: loads N volumes (default 100,000) from the reference plugin
# served on a unix socket into the volumes view model and table, headless under Monocle, and prints
# load, sort and filter times, the largest FX pulse gap and runLater delay, and the heap after GC.
#
#   scripts/benchmark-volumes.sh [count [state-dir]]
#
# The first run seeds app/target/bench-state with CreateVolume calls and keeps it for later runs.
# Not part of `mvn verify`. See org.csiconsole.app.bench.VolumesScaleBenchmark for what is measured.
set -euo pipefail
cd "$(dirname "$0")/.."
cp_file="$(mktemp)"
mvn -B -q -pl app -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="app/target/test-classes:app/target/classes:core/api/target/classes:core/client/target/classes:core/storage/target/classes:core/reference/target/classes:views/target/classes:icons/target/classes:$(cat "$cp_file")"
rm -f "$cp_file"
# -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1: the console's own JVM options (app/pom.xml, installer/package.sh).
java -Xmx512m -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 ${BENCH_JAVA_OPTS:-} -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dheadless.geometry=1600x1000-32 -Dprism.order=sw -Dprism.text=t2k \
  -Djava.awt.headless=true -cp "$classpath" org.csiconsole.app.bench.VolumesScaleBenchmark "${1:-100000}" "${@:2}"
