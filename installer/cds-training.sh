#!/usr/bin/env bash
# The class-data sharing training run of installer/package.sh: runs the app-image's command line
# (--version, info and volumes against serve) and, under Xvfb, its workbench up to the first frame,
# records the classes each loads (-XX:DumpLoadedClassList), and dumps one static AppCDS
# archive of all of them (-Xshare:dump) into lib/app/<name>.jsa, which the launcher maps.
#
#   installer/cds-training.sh IMAGE_PARENT NAME INSTALL_DIR [LISTS_DIR]
#
# LISTS_DIR, when given, keeps the class lists and the training log for a look afterwards.
#
# The JVM maps an archive only with the class path it was dumped with, so the run happens where the
# package installs: IMAGE_PARENT is bound over INSTALL_DIR's parent (/opt) in a private mount
# namespace (unshare; no root needed where unprivileged user namespaces are allowed, as on Debian).
set -euo pipefail
parent="$1" name="$2" install_dir="$3" lists_dir="${4:-}"

if [ "${CDS_TRAINING_INSIDE:-}" != 1 ]; then
    if ! command -v unshare >/dev/null; then
        echo "cds-training.sh: unshare not found (util-linux): the app-image has no class-data archive" >&2
        exit 0
    fi
    export CDS_TRAINING_INSIDE=1
    exec unshare --user --map-root-user --mount bash -c \
        'mount --bind "$1" "$(dirname "$3")" && exec "$0" "$1" "$2" "$3" "$4"' "$0" "$parent" "$name" "$install_dir" "$lists_dir"
fi

app="$install_dir"
cfg="$app/lib/app/$name.cfg"
java="$app/lib/runtime/bin/java"
archive="$app/lib/app/$name.jsa"
[ -f "$cfg" ] || { echo "cds-training.sh: $cfg not found" >&2; exit 1; }

# The class path and options exactly as the launcher passes them (the archive checks the class path).
cp="$(sed -n 's/^app.classpath=//p' "$cfg" | sed "s#\$APPDIR#$app/lib/app#" | paste -sd: -)"
main="$(sed -n 's/^app.mainclass=//p' "$cfg")"
opts=()
while IFS= read -r o; do
    case "$o" in -XX:SharedArchiveFile=* | -Xshare:* | -Xlog:*) ;; *) opts+=("$o") ;; esac
done < <(sed -n 's/^java-options=//p' "$cfg")

work="$(mktemp -d)"
keep() { [ -z "$lists_dir" ] || { mkdir -p "$lists_dir" && cp "$work"/*.lst "$work"/*.log "$work"/*.classlist "$lists_dir"/ 2>/dev/null; }; rm -rf "$work"; }
trap keep EXIT
SECONDS=0
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export CSI_CONSOLE_DATA_DIR="$work/audit"
mkdir -p "$HOME" "$XDG_CONFIG_HOME/$name"
log="$work/training.log"

run() { # run LIST ARGS...: one launch of the application, its loaded classes appended to LIST
    local list="$1"; shift
    "$java" -Xshare:off -XX:DumpLoadedClassList="$work/$list-$RANDOM.lst" "${opts[@]}" -cp "$cp" "$main" "$@"
}

wait_for() { # wait_for TEST SECONDS: polls a shell test every 0.2 s
    local i
    for ((i = 0; i < $2 * 5; i++)); do eval "$1" && return 0; sleep 0.2; done
    return 1
}

# Command line: a reference plugin to talk to, then the verbs a support engineer runs.
sock="$work/csi.sock"
# (serve itself is not trained: it is not what anyone waits for)
"$java" "${opts[@]}" -cp "$cp" "$main" serve --endpoint "unix://$sock" --seed demo --state-dir "$work/plugin" >>"$log" 2>&1 &
serve=$!
wait_for '[ -S "$sock" ]' 60 || { echo "cds-training.sh: serve did not start; see below" >&2; cat "$log" >&2; exit 1; }
run cli --version >>"$log" 2>&1
for verb in info volumes; do
    # shellcheck disable=SC2086
    run cli $verb --endpoint "unix://$sock" >>"$log" 2>&1
done
kill -TERM "$serve" && wait "$serve" || true
echo "command line trained in $SECONDS s" >&2

# Workbench: the demo with the start page, up to its first frame, where it ends itself
# (-Dcsi-console.startup.exit=true: nothing after the first frame slips into the list). (What runs later, the
# connections, the table warm-up and the first listing, loads its classes from the jars: the archive
# holds what the first frame and the command line wait for, which keeps the package smaller.)
if command -v xvfb-run >/dev/null; then
    report="$work/painted"
    # (xvfb-run is a POSIX sh script: the variables pass through it, exported shell functions do not)
    export java cp main work report
    export OPTS_LINE="${opts[*]}"
    xvfb-run -a -s "-screen 0 1600x1000x24" bash -c '
        read -r -a opts <<<"$OPTS_LINE"
        "$java" -Xshare:off -XX:DumpLoadedClassList="$work/gui.lst" "${opts[@]}" -Dcsi-console.startup.report="$report" \
            -Dcsi-console.startup.exit=true -cp "$cp" "$main" &
        gui=$!
        for ((i = 0; i < 600; i++)); do [ -s "$report" ] && break; sleep 0.2; done
        kill -TERM "$gui" 2>/dev/null; wait "$gui" || true' >>"$log" 2>&1
    [ -s "$report" ] || { echo "cds-training.sh: the workbench painted no first frame within 120 s; see below" >&2; tail -20 "$log" >&2; exit 1; }
else
    echo "cds-training.sh: xvfb-run not found (apt-get install xvfb): the archive covers the command line only" >&2
fi

echo "workbench trained at $SECONDS s" >&2
cat "$work"/*.lst | grep -v '^#' | awk '!seen[$0]++' >"$work/all.classlist"
"$java" -Xshare:dump -XX:SharedClassListFile="$work/all.classlist" -XX:SharedArchiveFile="$archive" \
    "${opts[@]}" -cp "$cp" >"$work/dump.log" 2>&1 || { cat "$work/dump.log" >&2; exit 1; }
"$java" -Xshare:on -XX:SharedArchiveFile="$archive" "${opts[@]}" -cp "$cp" "$main" --version >/dev/null \
    || { echo "cds-training.sh: the launcher cannot map $archive" >&2; exit 1; }
printf 'class-data archive (%s s): %s classes, %s\n' "$SECONDS" "$(grep -vc '^@' "$work/all.classlist")" "$(du -h "$archive" | cut -f1)" >&2
