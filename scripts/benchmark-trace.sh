#!/usr/bin/env bash
# Benchmark of the call trace view: the live trace view holding 10,000 calls (its default bound)
# while real CSI calls from the bundled reference plugin arrive at 500 per second, headless under
# Monocle at 1280x800; prints the largest FX pulse gap and runLater delay against the 50 ms target,
# and the time of filtering, grouping by task and selecting a call meanwhile. Then the lifecycle view's
# redraw: how many frames it takes to show a state change after the call completes (target 1).
#
#   scripts/benchmark-trace.sh [calls-per-second [seconds]]
#
# Not part of `mvn verify`. See org.csiconsole.app.bench.TraceViewBenchmark and LifecycleRedrawBenchmark
# for what is measured.
set -euo pipefail
cd "$(dirname "$0")/.."
cp_file="$(mktemp)"
mvn -B -q -pl app -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="app/target/test-classes:app/target/classes:core/api/target/classes:core/client/target/classes:core/storage/target/classes:core/reference/target/classes:views/target/classes:icons/target/classes:$(cat "$cp_file")"
rm -f "$cp_file"
# -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1: the console's own JVM options (app/pom.xml, installer/package.sh).
headless=(-Dglass.platform=Monocle -Dmonocle.platform=Headless -Dheadless.geometry=1600x1000-32 -Dprism.order=sw -Dprism.text=t2k -Djava.awt.headless=true)
status=0
java -Xmx512m -XX:MaxGCPauseMillis=20 -XX:TieredStopAtLevel=1 -XX:CICompilerCount=1 ${BENCH_JAVA_OPTS:-} "${headless[@]}" -cp "$classpath" org.csiconsole.app.bench.TraceViewBenchmark "$@" || status=$?
echo
java -Xmx1g ${BENCH_JAVA_OPTS:-} "${headless[@]}" -cp "$classpath" org.csiconsole.app.bench.LifecycleRedrawBenchmark || status=$?
exit $status
