#!/usr/bin/env bash
# Checks a launch path of the workbench as a person starts it: runs COMMAND on its own Xvfb display
# (xvfb-run) at 1280x800 with a fresh home, waits for a window titled "CSI Console", then for the
# demo connection's volumes to be listed (the console's start-up report: "volumes <count> <connection>"),
# and stops it. Exits 0 when both happened within the time limit, 1 otherwise, and prints the
# command's output then.
#
#   scripts/check-launch.sh mvn -B -pl app -am javafx:run     # the README's run command
#   scripts/check-launch.sh scripts/csi-console
#   LAUNCH_TIMEOUT=600 scripts/check-launch.sh /opt/csi-console/bin/csi-console
#
# Needs xvfb-run and xdotool (apt-get install xvfb xdotool). LAUNCH_TIMEOUT is in seconds (default
# 420: the README's command builds the modules first).
set -uo pipefail
if [ $# -eq 0 ]; then
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
for tool in xvfb-run xdotool; do
    command -v "$tool" >/dev/null || { echo "check-launch: $tool is missing (apt-get install xvfb xdotool)"; exit 1; }
done

if [ "${CHECK_LAUNCH_INNER:-}" != 1 ]; then
    CHECK_LAUNCH_INNER=1 exec xvfb-run -a -s "-screen 0 1280x800x24 -nolisten tcp" "$0" "$@"
fi

timeout_s="${LAUNCH_TIMEOUT:-420}"
work="$(mktemp -d)"
own_home="$HOME"
report="$work/startup-report"
log="$work/launch.log"
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export CSI_CONSOLE_DATA_DIR="$work/audit"
mkdir -p "$HOME"
# Maven's own settings and repository stay the caller's: only the console's files go to the fresh home.
if [ -d "$own_home/.m2" ]; then ln -s "$own_home/.m2" "$HOME/.m2"; fi
export JAVA_TOOL_OPTIONS="${JAVA_TOOL_OPTIONS:-} -Dcsi-console.startup.report=$report"

setsid "$@" >"$log" 2>&1 &
pid=$!
stop() {
    kill -TERM -- "-$pid" 2>/dev/null
    for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL -- "-$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
}

window="" listed="" start=$SECONDS
while [ $((SECONDS - start)) -lt "$timeout_s" ]; do
    kill -0 "$pid" 2>/dev/null || break
    [ -n "$window" ] || window="$(xdotool search --onlyvisible --name '^CSI Console' 2>/dev/null | head -1)"
    listed="$(grep -m1 '^volumes [1-9]' "$report" 2>/dev/null)"
    [ -n "$window" ] && [ -n "$listed" ] && break
    sleep 0.5
done
took=$((SECONDS - start))
stop

ok=1
if [ -n "$window" ]; then echo "ok   a window titled \"CSI Console\" opened"; else echo "FAIL no window titled \"CSI Console\" within ${took} s"; ok=0; fi
if [ -n "$listed" ]; then
    echo "ok   the workbench listed the demo's volumes (${listed#volumes }) in ${took} s"
else
    echo "FAIL the workbench listed no volumes within ${took} s"; ok=0
fi
if [ "$ok" = 0 ] || grep -q 'Exception in\|IllegalAccessError' "$log"; then
    echo "--- the command's output ($*) ---"
    tail -60 "$log"
    rm -rf "$work"
    exit 1
fi
rm -rf "$work"
exit 0
