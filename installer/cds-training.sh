#!/usr/bin/env bash
# The class-data training run of installer/package.sh: one run of the app-image's JVM
# (org.csiconsole.app.StartupTraining) runs the command line (--version, info and volumes against
# csi-console serve) and, under Xvfb, the workbench up to its first frame; the classes it loads
# (-XX:DumpLoadedClassList) are dumped into one static AppCDS archive (-Xshare:dump) in
# lib/app/<name>.jsa, which the launchers map.
#
#   installer/cds-training.sh IMAGE_PARENT NAME INSTALL_DIR [LISTS_DIR]
#
# LISTS_DIR, when given, keeps the class list and the training log for a look afterwards.
#
# CDS_ARCHIVE says how much the archive holds (docs/benchmarks.md, "Benchmarks", has the measured trade-off):
#   workbench (default)  the command line, the start shell and the workbench up to its first frame (58 MB)
#   window               the command line and the start shell: the workbench's own first frame comes later (47 MB)
#   cli                  the command line only: the window and the workbench both come later (34 MB)
#
# The JVM maps an archive only with the class path it was made with, so the run happens where the
# package installs: IMAGE_PARENT is bound over INSTALL_DIR's parent (/opt) in a private mount
# namespace (unshare; no root needed where unprivileged user namespaces are allowed, as on Debian).
set -euo pipefail
parent="$1" name="$2" install_dir="$3" lists_dir="${4:-}"
coverage="${CDS_ARCHIVE:-workbench}"
case "$coverage" in
    workbench) until=painted ;;
    window) until=window ;;
    cli) until="" ;;
    *) echo "cds-training.sh: CDS_ARCHIVE must be workbench, window or cli, not '$coverage'" >&2; exit 2 ;;
esac

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
[ -f "$cfg" ] || { echo "cds-training.sh: $cfg not found" >&2; exit 1; }
archive="$app/lib/app/$name.jsa"

# The class path and options exactly as the launcher passes them (the archive checks the class path).
cp="$(sed -n 's/^app.classpath=//p' "$cfg" | sed "s#\$APPDIR#$app/lib/app#" | paste -sd: -)"
opts=()
while IFS= read -r o; do
    case "$o" in -XX:SharedArchiveFile=* | -Xshare:* | -Xlog:*) ;; *) opts+=("$o") ;; esac
done < <(sed -n 's/^java-options=//p' "$cfg")

work="$(mktemp -d)"
serve=""
# On every exit, a failed run's too: the served plugin ends, the lists are kept when asked, the work folder goes.
keep() {
    [ -z "$serve" ] || { kill -TERM "$serve" 2>/dev/null && wait "$serve" 2>/dev/null; } || true
    [ -z "$lists_dir" ] || { mkdir -p "$lists_dir" && cp "$work"/*.log "$work"/*.classlist "$lists_dir"/ 2>/dev/null || true; }
    rm -rf "$work"
}
trap keep EXIT
SECONDS=0
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export CSI_CONSOLE_DATA_DIR="$work/audit"
mkdir -p "$HOME" "$XDG_CONFIG_HOME/$name"
log="$work/training.log"

# A reference plugin to talk to (serve itself is not trained: it is not what anyone waits for).
sock="$work/csi.sock"
"$java" "${opts[@]}" -cp "$cp" org.csiconsole.app.Main serve --endpoint "unix://$sock" --seed demo --state-dir "$work/plugin" >>"$log" 2>&1 &
serve=$!
for _ in $(seq 300); do [ -S "$sock" ] && break; sleep 0.2; done
[ -S "$sock" ] || { echo "cds-training.sh: serve did not start; see below" >&2; cat "$log" >&2; exit 1; }

# The workbench runs under Xvfb up to its first frame (after the start shell's; with CDS_ARCHIVE=window up to
# the shell's), where it ends the process (-Dcsi-console.startup.exit: nothing after that frame slips in).
# What runs later, the connections, the table warm-up and the first listing, loads its classes from the
# jars: the archive holds what the first frame and the command line wait for, which keeps the package smaller.
# The process ends without its shutdown hooks, so JavaFX's copies of the icon fonts in the temporary
# folder (removed by a hook) are left behind: the run gets a temporary folder of its own, removed below.
report="$work/painted"
mkdir -p "$work/tmp"
training=("$java" -Xshare:off -XX:DumpLoadedClassList="$work/all.classlist" "${opts[@]}" -Djava.io.tmpdir="$work/tmp" -cp "$cp"
    org.csiconsole.app.StartupTraining "unix://$sock" "$report")
[ "$until" != window ] || training+=(--until-window)
gui=no
if [ -z "$until" ]; then
    : # CDS_ARCHIVE=cli: the command line only, below
elif command -v xvfb-run >/dev/null; then
    xvfb-run -a -s "-screen 0 1600x1000x24" timeout 300 "${training[@]}" >>"$log" 2>&1 || true
    if grep -q "^$until " "$report" 2>/dev/null; then
        gui=yes
    else
        # e.g. a build machine without GTK 3 (libgtk-3-0), which JavaFX needs to open a window
        echo "cds-training.sh: WARNING: the workbench painted no first frame within 300 s, so the archive covers the" \
            "command line only and the workbench starts without it; the training run's last lines:" >&2
        tail -5 "$log" | sed 's/^/    /' >&2
    fi
else
    echo "cds-training.sh: WARNING: xvfb-run not found (apt-get install xvfb): the archive covers the command line only" >&2
fi
if [ "$gui" = no ]; then
    "${training[@]}" --no-workbench >>"$log" 2>&1 || { tail -20 "$log" >&2; exit 1; }
fi
kill -TERM "$serve" && wait "$serve" || true
serve=""

"$java" -Xshare:dump -XX:SharedClassListFile="$work/all.classlist" -XX:SharedArchiveFile="$archive" \
    "${opts[@]}" -cp "$cp" >"$work/dump.log" 2>&1 || { cat "$work/dump.log" >&2; exit 1; }
"$java" -Xshare:on -XX:SharedArchiveFile="$archive" "${opts[@]}" -cp "$cp" org.csiconsole.app.Main --version >/dev/null \
    || { echo "cds-training.sh: the launcher cannot map $archive" >&2; exit 1; }
printf 'class-data archive (%s s): %s classes, %s\n' "$SECONDS" "$(grep -vc '^@' "$work/all.classlist")" "$(du -h "$archive" | cut -f1)" >&2
