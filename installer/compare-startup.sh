#!/usr/bin/env bash
# Alternating start-ups of two app-images of the console (each an installer/target/image folder, say
# one built by installer/package.sh before a change and one after), each run from /opt/csi-console in
# turn (bound there in a private mount namespace, where its class-data archive maps) under Xvfb.
# Per round it prints the image (A or B), the start shell's and the workbench's first frame (ms from
# the launch), the process's CPU time up to each (ms) and the load average; then the medians. On a
# busy machine compare the CPU figures: other load stretches the wall times. See docs/benchmarks.md.
#
#   installer/compare-startup.sh ROUNDS IMAGE_A IMAGE_B
#
# Needs: Xvfb, unshare (util-linux).
set -euo pipefail
[ $# -eq 3 ] || { echo "usage: compare-startup.sh ROUNDS IMAGE_A IMAGE_B (folders holding csi-console/)" >&2; exit 2; }
rounds="$1" a="$(cd "$2" && pwd)" b="$(cd "$3" && pwd)"
for image in "$a" "$b"; do
    [ -x "$image/csi-console/bin/csi-console" ] || { echo "compare-startup.sh: $image/csi-console/bin/csi-console not found" >&2; exit 2; }
done
command -v Xvfb >/dev/null || { echo "compare-startup.sh: Xvfb not found (apt-get install xvfb)" >&2; exit 2; }
if [ "${COMPARE_INSIDE:-}" != 1 ]; then
    export COMPARE_INSIDE=1
    exec unshare --user --map-root-user --mount bash "$0" "$@"
fi
work="$(mktemp -d)"
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export CSI_CONSOLE_DATA_DIR="$work/audit"
mkdir -p "$HOME"
Xvfb ":$((500 + RANDOM % 400))" -screen 0 1600x1000x24 -nolisten tcp -displayfd 3 3>"$work/display" >/dev/null 2>&1 &
xvfb=$!
trap 'kill "$xvfb" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$work/display")"
micros() { local t="${1/./}"; echo "${t#0}"; } # $EPOCHREALTIME (s.µs) -> µs

round() { # round NAME IMAGE: one start-up of IMAGE's console, ended 0.3 s after its workbench's first frame
    local name="$1" image="$2" report="$work/report" t0 p
    rm -f "$report"
    rm -rf "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_DATA_HOME" "$CSI_CONSOLE_DATA_DIR"
    mount --bind "$image" /opt
    t0="$EPOCHREALTIME"
    JAVA_TOOL_OPTIONS="-Dcsi-console.startup.report=$report" /opt/csi-console/bin/csi-console >"$work/$name.log" 2>&1 &
    p=$!
    for _ in $(seq 6000); do grep -q '^painted ' "$report" 2>/dev/null && break; kill -0 "$p" 2>/dev/null || break; sleep 0.02; done
    sleep 0.3
    kill -TERM "$p" 2>/dev/null || true
    wait "$p" 2>/dev/null || true
    umount /opt
    grep -q '^painted ' "$report" 2>/dev/null || { echo "compare-startup.sh: $name painted no frame; its output:" >&2; cat "$work/$name.log" >&2; exit 1; }
    awk -v s="$(micros "$t0")" -v n="$name" -v load="$(cut -d' ' -f1 /proc/loadavg)" \
        '$1 == "window" {w = $2; wc = $4} $1 == "painted" {p = $2; pc = $4}
         END {printf "%s %d %d %d %d %s\n", n, (w - s) / 1000, (p - s) / 1000, wc, pc, load}' "$report"
}
median() { sort -n | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

echo "image window_ms workbench_ms cpu_to_window_ms cpu_to_workbench_ms load (A: $a, B: $b; one unmeasured round of each first)"
round A "$a" >/dev/null
round B "$b" >/dev/null
for ((r = 1; r <= rounds; r++)); do
    if ((r % 2)); then round A "$a"; round B "$b"; else round B "$b"; round A "$a"; fi
done | tee "$work/rounds"
for k in A B; do
    printf 'median %s: window %s ms, workbench %s ms; CPU to them %s / %s ms\n' "$k" \
        "$(awk -v k="$k" '$1 == k {print $2}' "$work/rounds" | median)" "$(awk -v k="$k" '$1 == k {print $3}' "$work/rounds" | median)" \
        "$(awk -v k="$k" '$1 == k {print $4}' "$work/rounds" | median)" "$(awk -v k="$k" '$1 == k {print $5}' "$work/rounds" | median)"
done
