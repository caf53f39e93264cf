#!/usr/bin/env bash
# Start-up benchmark of the packaged console (installer/target/image/csi-console, built by
# installer/package.sh when missing, run where the package installs it, /opt/csi-console, in a
# private mount namespace). Prints medians; see docs/benchmarks.md, "Benchmarks".
#
#   installer/benchmark-startup.sh [ROUNDS]        # default 7 rounds
#   VOLUMES=100000 PAGE_SIZE=500 installer/benchmark-startup.sh
#
# Workbench: under Xvfb, in alternating rounds, a bare JavaFX "hello" window
# (org.csiconsole.app.bench.StartupBareWindow) and the workbench, both from the image's runtime with
# JavaFX on the class path and each with its own class-data archive (the workbench's from the
# package, the bare window's dumped here the same way); then the workbench without its archive.
# Per round, from the launch: the window mapped (the X server's MapNotify, seen by xev); the window's
# first frame on the display (the app's own report: the renderer has finished the frame and the FX
# thread has handed its pixels on; for the workbench that is its start shell) and the workbench's
# own first frame; and the process's CPU time up to each, which other load on the machine does not
# stretch.
#
# Command line: `csi-console info` and `csi-console volumes` (VOLUMES volumes, PAGE_SIZE per page) from
# the command line's launcher (bin/csi-console-cli, which /usr/bin/csi-console is), against
# `csi-console serve` (from bin/csi-console) on a unix socket, beside csc (dell/gocsi) when it is on
# the PATH, else beside a raw grpc-java blocking stub (org.csiconsole.app.bench.RawStubList, with a class-data
# archive too); wall time and peak RSS from /usr/bin/time, alternating, 5 runs each.
#
# Needs: Xvfb, xev (x11-utils), stdbuf (coreutils), /usr/bin/time (time). The first run seeds
# BENCH_STATE (default app/target/bench-state, shared with scripts/benchmark-volumes.sh).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
rounds="${1:-7}"
volumes="${VOLUMES:-100000}"
page_size="${PAGE_SIZE:-500}"
state="${BENCH_STATE:-$root/app/target/bench-state}"
image="$root/installer/target/image/csi-console"
for tool in Xvfb xev stdbuf /usr/bin/time; do
    command -v "$tool" >/dev/null || { echo "benchmark-startup.sh: $tool not found (apt-get install xvfb x11-utils coreutils time)" >&2; exit 2; }
done
if [ "${BENCH_INSIDE:-}" != 1 ]; then
    [ -x "$image/bin/csi-console" ] || "$root/installer/package.sh"
    # shellcheck disable=SC2086
    mvn -B -q ${BENCH_MVN_ARGS:-} -pl app -am test-compile
    # The launcher maps its class-data archive only at the path it was made for, /opt/csi-console:
    # run there, with the image bound over /opt in a private mount namespace (as package.sh trains).
    export BENCH_INSIDE=1
    exec unshare --user --map-root-user --mount bash -c 'mount --bind "$1" /opt && exec "$0" "${@:2}"' \
        "$0" "$root/installer/target/image" "$@"
fi
image=/opt/csi-console

app="$image/lib/app"
java="$image/lib/runtime/bin/java"
app_cp="$(sed -n 's/^app.classpath=//p' "$app/csi-console.cfg" | sed "s#\$APPDIR#$app#" | paste -sd: -)"
fx_cp="$(ls "$app"/javafx-*-linux.jar | paste -sd: -)"
# The workbench's own options (app/src/main/jvm/workbench.options), for both windows and the stub.
mapfile -t jvm_opts < <(sed 's/#.*//' "$root/app/src/main/jvm/workbench.options" | tr -s ' \t' '\n' | grep -v '^$')
jvm_opts=(-Dfile.encoding=UTF-8 "${jvm_opts[@]}")

work="$(mktemp -d)"
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export CSI_CONSOLE_DATA_DIR="$work/audit"
mkdir -p "$HOME"
# The benchmark's own classes, as a jar: a class-data archive takes no class folders.
bench_classes="$work/bench.jar"
jar cf "$bench_classes" -C "$root/app/target/test-classes" org/csiconsole/app/bench

median() { sort -n | awk '{a[NR] = $1} END {if (NR == 0) print "n/a"; else if (NR % 2) print a[(NR + 1) / 2]; else print (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
micros() { local t="${1/./}"; echo "${t#0}"; } # $EPOCHREALTIME (s.µs) -> µs

# A class-data archive for a java command line, made as installer/cds-training.sh makes the package's.
archive_for() { # archive_for NAME CLASSPATH MAIN [ARGS...] (the run must end by itself, or by its report)
    local name="$1" cp="$2"; shift 2
    rm -f "$work/painted"
    JAVA_TOOL_OPTIONS="-Dcsi-console.startup.report=$work/painted" "$java" -Xshare:off -XX:DumpLoadedClassList="$work/$name.lst" \
        "${jvm_opts[@]}" -cp "$cp" "$@" >/dev/null 2>&1 &
    local p=$!
    for _ in $(seq 600); do { [ -s "$work/painted" ] || ! kill -0 "$p" 2>/dev/null; } && break; sleep 0.1; done
    sleep 1
    kill -TERM "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
    "$java" -Xshare:dump -XX:SharedClassListFile="$work/$name.lst" -XX:SharedArchiveFile="$work/$name.jsa" "${jvm_opts[@]}" -cp "$cp" \
        >"$work/$name-dump.log" 2>&1 || { cat "$work/$name-dump.log" >&2; exit 1; }
}

# --- workbench against a bare JavaFX window ---------------------------------------------------
display=":$((500 + RANDOM % 400))"
Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
pids+=($!)
export DISPLAY="$display"
sleep 1
bare_cp="$fx_cp:$bench_classes"
archive_for bare "$bare_cp" org.csiconsole.app.bench.StartupBareWindow

launch() { # launch KIND REPORT: becomes the process (exec), so the round's kill -TERM reaches the JVM
    export JAVA_TOOL_OPTIONS="-Dcsi-console.startup.report=$2"
    case "$1" in
        bare) exec "$java" -XX:SharedArchiveFile="$work/bare.jsa" -Xshare:auto "${jvm_opts[@]}" -cp "$bare_cp" \
                  org.csiconsole.app.bench.StartupBareWindow ;;
        workbench) exec "$image/bin/csi-console" ;;
        workbench-no-cds) exec "$java" "${jvm_opts[@]}" -Djpackage.app-version=0 -cp "$app_cp" org.csiconsole.app.Main ;;
    esac
}

round() { # round KIND: prints "mapped_ms window_ms complete_ms window_cpu_ms complete_cpu_ms" (cpu: the process's CPU time up to then)
    local kind="$1" report="$work/report" fifo="$work/xev.fifo" maps="$work/maps"
    rm -f "$report" "$maps" "$fifo"
    rm -rf "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$CSI_CONSOLE_DATA_DIR"
    mkfifo "$fifo"
    while IFS= read -r line; do case "$line" in MapNotify*) echo "$EPOCHREALTIME" ;; esac; done <"$fifo" >"$maps" &
    local reader=$!
    stdbuf -oL xev -root -event substructure >"$fifo" 2>/dev/null &
    local xev=$!
    sleep 0.3
    local t0="$EPOCHREALTIME"
    launch "$kind" "$report" >"$work/$kind.log" 2>&1 &
    local p=$!
    for _ in $(seq 6000); do grep -q '^painted ' "$report" 2>/dev/null && break; kill -0 "$p" 2>/dev/null || break; sleep 0.02; done
    sleep 0.3
    kill -TERM "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
    kill "$xev" 2>/dev/null || true
    wait "$xev" "$reader" 2>/dev/null || true
    grep -q '^painted ' "$report" 2>/dev/null || { echo "benchmark-startup.sh: $kind painted no frame; its output:" >&2; cat "$work/$kind.log" >&2; exit 1; }
    # The workbench reports its window's first frame (the start shell) as "window" and its own first
    # frame as "painted"; the bare window has only the one, "painted", which is both.
    local start painted window mapped cpu window_cpu
    start="$(micros "$t0")"
    painted="$(awk '$1 == "painted" {print $2; exit}' "$report")"
    cpu="$(awk '$1 == "painted" {print $4; exit}' "$report")"
    window="$(awk '$1 == "window" {print $2; exit}' "$report")"
    window_cpu="$(awk '$1 == "window" {print $4; exit}' "$report")"
    [ -n "$window" ] || { window="$painted"; window_cpu="$cpu"; }
    if [ -s "$maps" ]; then mapped="$(micros "$(head -1 "$maps")")"; else mapped="$start"; echo "benchmark-startup.sh: xev saw no MapNotify" >&2; fi
    echo "$(((mapped - start) / 1000)) $(((window - start) / 1000)) $(((painted - start) / 1000)) $window_cpu $cpu"
}

rounds_of() { # rounds_of N KIND...: N alternating rounds of the kinds, after one unmeasured round of each
    local n="$1" r k m; shift
    for k in "$@"; do round "$k" >/dev/null; done
    for ((r = 1; r <= n; r++)); do
        for k in "$@"; do
            m="$(round "$k")"
            echo "$m" >>"$work/$k.times"
            printf '  round %d %-17s mapped %5d  window painted %5d  workbench painted %5d  cpu %5d / %5d\n' "$r" "$k" ${m}
        done
    done
}
# The ratio's rounds alternate the two windows alone; the workbench without its archive (a JVM that
# loads every class from the jars) comes after them, in fewer rounds, so it does not weigh on theirs.
kinds=(bare workbench workbench-no-cds)
echo "start-up, $rounds alternating rounds after one unmeasured round of each (ms from launch):"
rounds_of "$rounds" bare workbench
rounds_of 3 workbench-no-cds
med() { cut -d' ' -f"$2" "$work/$1.times" | median; }
printf 'medians (ms; "window": its first frame, the start shell for the workbench; "workbench": the workbench'"'"'s first frame):\n'
for k in "${kinds[@]}"; do
    printf '  %-17s mapped %6s  window painted %6s  workbench painted %6s  CPU to them %6s / %6s\n' "$k" \
        "$(med "$k" 1)" "$(med "$k" 2)" "$(med "$k" 3)" "$(med "$k" 4)" "$(med "$k" 5)"
done
awk -v ww="$(med workbench 2)" -v pw="$(med workbench 3)" -v pb="$(med bare 3)" -v mw="$(med workbench 1)" -v mb="$(med bare 1)" \
    -v cw="$(med workbench 4)" -v cb="$(med bare 4)" \
    'BEGIN {printf "  workbench / bare window: mapped %.2fx, window painted %.2fx (target: <= 1.3x), CPU to it %.2fx; workbench painted %.2fx\n", mw / mb, ww / pb, cw / cb, pw / pb}'
echo "  load average while measuring: $(cut -d' ' -f1-3 /proc/loadavg) (on $(nproc) CPUs)"
kill "${pids[0]}" 2>/dev/null || true
unset DISPLAY

# --- command line -----------------------------------------------------------------------------
echo "command line against csi-console serve, $volumes volumes, page size $page_size:"
mkdir -p "$state"
"$java" "${jvm_opts[@]}" -cp "$app_cp:$bench_classes" org.csiconsole.app.bench.VolumeSeeder "$state" "$volumes"
sock="$work/csi.sock"
"$image/bin/csi-console" serve --endpoint "unix://$sock" --state-dir "$state" --seed empty >"$work/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 600); do [ -S "$sock" ] && break; sleep 0.1; done
[ -S "$sock" ] || { cat "$work/serve.log" >&2; exit 1; }

if command -v csc >/dev/null; then
    other="csc"
    other_cmd=(csc --endpoint "unix://$sock" controller list-volumes --max-entries "$page_size" --paging)
else
    other="raw grpc-java stub"
    raw_cp="$app_cp:$bench_classes"
    "$java" -Xshare:off -XX:DumpLoadedClassList="$work/raw.lst" "${jvm_opts[@]}" -cp "$raw_cp" \
        org.csiconsole.app.bench.RawStubList "$sock" "$page_size" >/dev/null
    "$java" -Xshare:dump -XX:SharedClassListFile="$work/raw.lst" -XX:SharedArchiveFile="$work/raw.jsa" "${jvm_opts[@]}" -cp "$raw_cp" \
        >"$work/raw-dump.log" 2>&1
    other_cmd=("$java" -XX:SharedArchiveFile="$work/raw.jsa" -Xshare:auto "${jvm_opts[@]}" -cp "$raw_cp"
        org.csiconsole.app.bench.RawStubList "$sock" "$page_size")
fi
timed() { # timed NAME CMD...: appends "wall_s peak_kb cpu_s" (user + system) to NAME.cli
    local name="$1"; shift
    /usr/bin/time -f '%e %M %U %S' -o "$work/time.out" "$@" >"$work/out.txt" 2>"$work/err.txt" || { cat "$work/err.txt" >&2; exit 1; }
    awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' "$work/time.out" >>"$work/$name.cli"
}
cli="$image/bin/csi-console-cli"
timed warm "$cli" volumes --endpoint "unix://$sock" --page-size "$page_size"  # the server's JIT
grouped="$(echo "$volumes" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta')" # the listing counts in groups of thousands: 100,000 volumes
grep -Eq "^($volumes|$grouped) volume" "$work/out.txt" || { echo "benchmark-startup.sh: the listing did not end with $grouped volumes" >&2; tail -2 "$work/out.txt" >&2; exit 1; }
for _ in 1 2 3 4 5; do
    timed info "$cli" info --endpoint "unix://$sock"
    timed volumes "$cli" volumes --endpoint "unix://$sock" --page-size "$page_size"
    timed other "${other_cmd[@]}"
done
report() { # report LABEL NAME
    printf '  %-34s wall %5s s  CPU %5s s  peak RSS %4d MB\n' "$1" "$(cut -d' ' -f1 "$work/$2.cli" | median)" \
        "$(cut -d' ' -f3 "$work/$2.cli" | median)" "$(( $(cut -d' ' -f2 "$work/$2.cli" | median | cut -d. -f1) / 1024 ))"
}
echo "medians of 5 runs:"
report "csi-console info" info
report "csi-console volumes" volumes
report "$other, the same listing" other
awk -v a="$(cut -d' ' -f1 "$work/volumes.cli" | median)" -v b="$(cut -d' ' -f1 "$work/other.cli" | median)" \
    'BEGIN {printf "  csi-console volumes / %s: %.2fx wall (target: <= 1.0x csc)\n", "'"$other"'", a / b}'
echo "  load average: $(cut -d' ' -f1-3 /proc/loadavg) (on $(nproc) CPUs)"
