#!/usr/bin/env bash
# Footprint benchmark of the workbench: starts it in demo mode under Xvfb with the launchers' JVM options
# (app/src/main/jvm/workbench.options), drives a scripted use (org.csiconsole.app.bench.FootprintDriver: every
# resource view and perspective opened, the planned-failover wizard run, 10,000 trace entries), then leaves it
# idle, printing its RSS (/proc/PID/status) and heap (jstat: committed, used, and used after the latest
# collection, from -Xlog:gc) every SAMPLE_SECONDS. At the end a full collection (jcmd GC.run) gives the live
# size, against which the heap committed before it and the RSS are compared. See docs/benchmarks.md, "Footprint".
#
#   scripts/benchmark-footprint.sh [IDLE_MINUTES]      # default 5 idle minutes after the use
#   SAMPLE_SECONDS=10 scripts/benchmark-footprint.sh 2
#   FOOTPRINT_JAVA_OPTS="-XX:MaxGCPauseMillis=20" scripts/benchmark-footprint.sh   # other JVM options
#
# Needs: Xvfb, jstat and jcmd (a JDK).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
idle_minutes="${1:-5}"
sample="${SAMPLE_SECONDS:-30}"
for tool in Xvfb jstat jcmd; do
    command -v "$tool" >/dev/null || { echo "benchmark-footprint.sh: $tool not found (apt-get install xvfb; a JDK)" >&2; exit 2; }
done
cp_file="$(mktemp)"
# shellcheck disable=SC2086
mvn -B -q ${BENCH_MVN_ARGS:-} -pl app -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="app/target/test-classes:app/target/classes:core/api/target/classes:core/client/target/classes:core/storage/target/classes:core/reference/target/classes:views/target/classes:icons/target/classes:$(cat "$cp_file")"
rm -f "$cp_file"

work="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
# The run lasts minutes and loads classes all along: it reads a copy of the class folders, which a build
# meanwhile (another run's) does not empty.
copied=()
IFS=: read -ra entries <<<"$classpath"
for e in "${entries[@]}"; do
    if [ -d "$e" ]; then cp -r "$e" "$work/classes-${#copied[@]}"; e="$work/classes-${#copied[@]}"; fi
    copied+=("$e")
done
classpath="$(IFS=:; echo "${copied[*]}")"
display=":$((500 + RANDOM % 400))"
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
sleep 1
export DISPLAY="$display"
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export CSI_CONSOLE_DATA_DIR="$work/audit"
mkdir -p "$HOME"
# shellcheck disable=SC2206
opts=(${FOOTPRINT_JAVA_OPTS:-@$root/app/src/main/jvm/workbench.options})
java "${opts[@]}" -Xlog:gc:file="$work/gc.log" -Dfile.encoding=UTF-8 -cp "$classpath" \
    org.csiconsole.app.bench.FootprintDriver >"$work/driver.log" 2>&1 &
app=$!
pids+=("$app")

mb() { awk '{printf "%.0f", $1 / 1024}'; }
rss() { awk '/^VmRSS:/ {print $2}' "/proc/$app/status" | mb; }
heap() { # committed and used heap (MB), from jstat -gc
    jstat -gc "$app" | awk 'NR == 1 {for (i = 1; i <= NF; i++) h[i] = $i}
        NR == 2 {for (i = 1; i <= NF; i++) {if (h[i] ~ /^(S0C|S1C|EC|OC)$/) c += $i; if (h[i] ~ /^(S0U|S1U|EU|OU)$/) u += $i}; printf "%.0f %.0f", c / 1024, u / 1024}'
}
after_gc() { # heap used after the latest collection (MB), from the GC log ("...: 120M->80M(256M) 3.2ms")
    grep -o '[0-9]*M->[0-9]*M([0-9]*M)' "$work/gc.log" 2>/dev/null | tail -1 | sed 's/.*->\([0-9]*\)M.*/\1/'
}
t0="$SECONDS"
line() { # line PHASE
    read -r committed used <<<"$(heap)"
    printf '%6d s  %-8s RSS %5s MB  heap committed %5s MB, used %5s MB, after last GC %5s MB\n' \
        "$((SECONDS - t0))" "$1" "$(rss)" "$committed" "$used" "$(after_gc)"
}
echo "workbench footprint, JVM options: ${opts[*]}"
echo "  load average at the start: $(cut -d' ' -f1-3 /proc/loadavg) (on $(nproc) CPUs)"
seen=0
until grep -q '^idle' "$work/driver.log"; do
    kill -0 "$app" 2>/dev/null || { echo "benchmark-footprint.sh: the workbench ended early; its output:" >&2; cat "$work/driver.log" >&2; exit 1; }
    n="$(grep -c '^step' "$work/driver.log" || true)"
    if [ "$n" -gt "$seen" ]; then sed -n "$((seen + 1)),${n}p" <(grep '^step' "$work/driver.log") | sed 's/^/  /'; seen="$n"; fi
    line use
    sleep "$sample"
done
grep '^step' "$work/driver.log" | sed -n "$((seen + 1)),\$p" | sed 's/^/  /'
line "use done"
after_use_rss="$(rss)"
idle_end=$((SECONDS + idle_minutes * 60))
while [ "$SECONDS" -lt "$idle_end" ]; do
    sleep "$sample"
    line idle
done
idle_rss="$(rss)"
read -r idle_committed _ <<<"$(heap)"
jcmd "$app" GC.run >/dev/null
sleep 2
read -r _ live <<<"$(heap)"
line "full GC"
echo "summary (load average $(cut -d' ' -f1-3 /proc/loadavg)):"
awk -v r="$after_use_rss" -v ir="$idle_rss" -v c="$idle_committed" -v l="$live" -v m="$idle_minutes" 'BEGIN {
    printf "  RSS after the use %d MB (target <= 500 MB); after %d idle minutes %d MB\n", r, m, ir
    printf "  live heap (after a full GC) %d MB; heap committed after %d idle minutes %d MB = %.2fx live (target <= 1.2x); RSS %.2fx live\n", l, m, c, c / l, ir / l
}'
