#!/usr/bin/env bash
# FX-stall benchmark of the Replication perspective: two sites of 10,000 replicated volumes each,
# sampled by core's sampler into a shown view, headless under Monocle. Prints the time to the first
# complete rows and the largest FX pulse gap and runLater delay while rounds arrive (target 50 ms).
#
#   scripts/benchmark-replication-view.sh [volumes-per-site]
#
# Not part of `mvn verify`. See org.csiconsole.app.bench.ReplicationViewBenchmark for what is measured;
# the sampler's own figures (first complete sample, CPU at the default interval) come from
# `mvn -B -q -pl core/storage -am process-test-classes -Preplication-benchmark`.
set -euo pipefail
cd "$(dirname "$0")/.."
cp_file="$(mktemp)"
mvn -B -q -pl app -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="app/target/test-classes:app/target/classes:core/api/target/classes:core/client/target/classes:core/storage/target/classes:core/reference/target/classes:views/target/classes:icons/target/classes:$(cat "$cp_file")"
rm -f "$cp_file"
# The console's own JVM options (app/src/main/jvm/workbench.options, as every launcher passes them).
java @app/src/main/jvm/workbench.options ${BENCH_JAVA_OPTS:-} -Dbench.volumes="${1:-10000}" \
  -Dglass.platform=Monocle -Dmonocle.platform=Headless -Dheadless.geometry=1600x1000-32 -Dprism.order=sw -Dprism.text=t2k \
  -Djava.awt.headless=true -cp "$classpath" org.csiconsole.app.bench.ReplicationViewBenchmark
