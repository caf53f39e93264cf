#!/usr/bin/env bash
# Training mode benchmark: on the largest bundled scenario, the time to seed it, to reset it to its
# seed (target <= 2 s) and from a state change to its step turning green in a listener (target
# <= 250 ms), for a change committed to the model and for a ControllerUnpublishVolume call served in
# process. Prints median and worst of each.
#
#   scripts/benchmark-training.sh [rounds]
#
# Not part of `mvn verify`. See org.csiconsole.core.reference.training.TrainingBenchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
cp_file="$(mktemp)"
mvn -B -q ${MAVEN_OPTS_EXTRA:-} -pl core/reference -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="core/reference/target/test-classes:core/reference/target/classes:core/api/target/classes:core/client/target/classes:$(cat "$cp_file")"
rm -f "$cp_file"
java -Xmx512m ${BENCH_JAVA_OPTS:-} -Dbench.rounds="${1:-20}" -cp "$classpath" org.csiconsole.core.reference.training.TrainingBenchmark
