#!/usr/bin/env bash
# Tests the Linux package as a person installs it: builds it with installer/package.sh, installs the
# .deb (dpkg -i as root; otherwise unpacked with dpkg-deb -x into a folder), runs
# `csi-console --version`, starts `csi-console serve` and calls `csi-console info` against it,
# opens the workbench under Xvfb and takes a screenshot, then removes the package (dpkg -r) and
# checks that none of its files is left. As root with debootstrap, it does the same on a fresh
# Debian 12 minbase (no JDK, no desktop) in a chroot, where the workbench must say what to install.
#
#   installer/test-package.sh                 # build, then test
#   installer/test-package.sh --no-build      # test the .deb already in installer/target
#
# Needs dpkg-deb and a JDK with jpackage (for the build); Xvfb, xdotool, x11-utils (xprop) and
# imagemagick (import) for the workbench part, and debootstrap (and a Debian mirror, DEBIAN_MIRROR,
# default deb.debian.org) for the fresh system, each skipped with a note without them.
# Prints "N passed, N failed" last; exits 1 when a check failed. The screenshot and logs stay in
# installer/target/package-test.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/installer/target"
name=csi-console
passed=0 failed=0
pass() { passed=$((passed + 1)); printf 'ok   %s\n' "$*"; }
fail() { failed=$((failed + 1)); printf 'FAIL %s\n' "$*"; }
check() { local what="$1"; shift; if "$@"; then pass "$what"; else fail "$what"; fi; }
finish() { printf '%s passed, %s failed\n' "$passed" "$failed"; [ "$failed" -eq 0 ]; exit $?; }

start=$SECONDS
if [ "${1:-}" != "--no-build" ]; then
    "$root/installer/package.sh" || { fail "installer/package.sh builds the packages"; finish; }
fi
echo "build took $((SECONDS - start)) s"
deb="$(ls "$out"/${name}_*.deb 2>/dev/null | head -1)"
[ -n "$deb" ] || { fail "a .deb in $out"; finish; }
props="$root/app/target/classes/org/csiconsole/app/version.properties"
commit="$(sed -n 's/^commit=//p' "$props")"
[ "$(sed -n 's/^dirty=//p' "$props")" = true ] && commit="$commit-dirty"

test_dir="$out/package-test"
rm -rf "$test_dir" && mkdir -p "$test_dir"
work="$(mktemp -d)"
pids=()
cleanup() {
    for p in "${pids[@]}"; do kill "$p" 2>/dev/null; done
    if [ -n "${installed_with_dpkg:-}" ] && dpkg -s "$name" >/dev/null 2>&1; then dpkg -r "$name" >/dev/null 2>&1; fi
    rm -rf "$work"
}
trap cleanup EXIT
# The console writes nothing into the tester's own folders.
export HOME="$work/home" XDG_CONFIG_HOME="$work/config" XDG_STATE_HOME="$work/state" XDG_DATA_HOME="$work/data"
export CSI_CONSOLE_DATA_DIR="$work/audit"
mkdir -p "$HOME"

# --- the package itself ----------------------------------------------------------------------
info="$(dpkg-deb -f "$deb" Maintainer Installed-Size Depends)"
echo "$info" | sed 's/^/     /'
check "Maintainer is a person or team with an address" grep -Eq '^Maintainer: [^<]*[A-Za-z][^<]* <[^@>]+@[^>]+>$' <<<"$info"
installed_kb="$(dpkg-deb -f "$deb" Installed-Size)"
echo "     installed size: $((installed_kb / 1024)) MiB"
scripts="$(dpkg-deb --ctrl-tarfile "$deb" | tar -t | grep -Ev '^\./?$|control$|md5sums$|conffiles$' || true)"
check "no maintainer script can fail on a machine without a desktop menu (none shipped: ${scripts:-none})" test -z "$scripts"
contents="$(dpkg-deb -c "$deb" | awk '{print $6}')"
for f in ./usr/bin/$name ./usr/share/applications/$name.desktop ./opt/$name/lib/app/$name.jsa \
         ./usr/share/icons/hicolor/16x16/apps/$name.png ./usr/share/icons/hicolor/256x256/apps/$name.png \
         ./usr/share/icons/hicolor/scalable/apps/$name.svg; do
    check "the package has $f" grep -qx "$f" <<<"$contents"
done

# --- install ---------------------------------------------------------------------------------
if [ "$(id -u)" = 0 ] && command -v dpkg >/dev/null; then
    if dpkg -s "$name" >/dev/null 2>&1; then dpkg -r "$name" >/dev/null || true; fi
    installed_with_dpkg=1
    check "dpkg -i installs the package" dpkg -i "$deb"
    check "dpkg reports it installed and configured" sh -c "dpkg -s $name | grep -q '^Status: install ok installed'"
    files="$(dpkg -L "$name")"
    bin="/usr/bin/$name"
    prefix=""
else
    echo "     not root: unpacking into $work/root instead of dpkg -i"
    prefix="$work/root"
    check "dpkg-deb -x unpacks the package" dpkg-deb -x "$deb" "$prefix"
    bin="$prefix/opt/$name/bin/$name-cli"
fi
desktop="$prefix/usr/share/applications/$name.desktop"
if command -v desktop-file-validate >/dev/null; then
    check "the desktop entry is valid" desktop-file-validate "$desktop"
fi
check "the desktop entry names the icon, a comment and categories" \
    sh -c "grep -q '^Icon=$name$' '$desktop' && grep -q '^Comment=.' '$desktop' && grep -q '^Categories=.*;' '$desktop'"
check "/usr/bin/$name runs the installed launcher" test -x "$bin"
[ -n "$prefix" ] || check "/usr/bin/$name is the command line's launcher" test "$(readlink -f "$bin")" = "/opt/$name/bin/$name-cli"
exec_line="$(sed -n 's/^Exec=//p' "$desktop")"
check "the desktop entry runs the workbench's launcher ($exec_line)" sh -c "test '$exec_line' = /opt/$name/bin/$name && test -x '$prefix$exec_line'"

# --- command line ----------------------------------------------------------------------------
version_out="$("$bin" --version 2>&1)"
echo "$version_out" | sed 's/^/     /'
check "csi-console --version prints the version, the commit ($commit) and the build date" \
    grep -Eq "^csi-console [0-9][^ ]* \(commit $commit, built [0-9]{4}-[0-9]{2}-[0-9]{2}T" <<<"$version_out"
# The launcher maps the archive where it was made, /opt/csi-console: its classes load from it.
JAVA_TOOL_OPTIONS="-Xlog:class+load=info:file=$work/classes.log" "$bin" --version >/dev/null 2>&1
shared="$(grep -c 'source: shared objects file' "$work/classes.log" 2>/dev/null || echo 0)"
if [ -n "$prefix" ]; then
    echo "     unpacked elsewhere than /opt: the launcher starts without its class-data archive ($shared classes from it)"
else
    check "the launcher maps the class-data archive ($shared classes from it for --version)" test "$shared" -gt 1000
fi

sock="$work/csi.sock"
"$bin" serve --endpoint "unix://$sock" --seed demo --state-dir "$work/plugin" >"$test_dir/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 150); do [ -S "$sock" ] && break; sleep 0.2; done
check "the command line's process is named $name-cli, not java (ps, top, pgrep)" \
    test "$(ps -o comm= -p "${pids[-1]}" 2>/dev/null)" = "$name-cli"
info_out="$("$bin" info --endpoint "unix://$sock" 2>"$work/info.err")"
echo "$info_out" | sed 's/^/     /'
sed 's/^/     stderr: /' "$work/info.err"
check "csi-console info writes nothing on stderr (no warning of the JVM or a library)" test ! -s "$work/info.err"
check "csi-console info reaches csi-console serve" grep -Eq '^name +reference\.csi-console\.org' <<<"$info_out"
check "the served plugin is ready" grep -Eq '^ready +ready$' <<<"$info_out"
kill -TERM "${pids[-1]}" 2>/dev/null; wait "${pids[-1]}" 2>/dev/null

# --- workbench under Xvfb --------------------------------------------------------------------
if command -v Xvfb >/dev/null && command -v xdotool >/dev/null && command -v xprop >/dev/null && command -v import >/dev/null; then
    display=":$((90 + RANDOM % 400))"
    Xvfb "$display" -screen 0 1600x1000x24 -nolisten tcp >"$test_dir/xvfb.log" 2>&1 &
    pids+=($!)
    export DISPLAY="$display"
    for _ in $(seq 50); do xdpyinfo >/dev/null 2>&1 && break; sleep 0.1; done
    JAVA_TOOL_OPTIONS="-Dcsi-console.startup.report=$work/painted" "$bin" >"$test_dir/gui.log" 2>&1 &
    gui=$!
    pids+=($gui)
    for _ in $(seq 600); do grep -q '^painted ' "$work/painted" 2>/dev/null && break; sleep 0.1; done
    check "the window appears with its start shell" grep -q '^window ' "$work/painted"
    check "the workbench paints its first frame" grep -q '^painted ' "$work/painted"
    window="$(xdotool search --onlyvisible --name '^CSI Console$' 2>/dev/null | head -1)"
    wm_class="$(xprop -id "${window:-0}" WM_CLASS 2>/dev/null | sed -n 's/.*", "\(.*\)"$/\1/p')"
    wanted="$(sed -n 's/^StartupWMClass=//p' "$desktop")"
    check "the window's WM_CLASS ($wm_class) is the desktop entry's StartupWMClass" test -n "$wm_class" -a "$wm_class" = "$wanted"
    # the demo connects once the first frame is painted; its volume count arrives a moment later
    for _ in $(seq 300); do grep -q '^volumes [1-9]' "$work/painted" 2>/dev/null && break; sleep 0.1; done
    check "the workbench lists the demo's volumes ($(grep -m1 '^volumes ' "$work/painted" 2>/dev/null))" grep -q '^volumes [1-9]' "$work/painted"
    sleep 2 # the navigator's other counts
    check "a screenshot of the workbench ($test_dir/workbench.png)" import -window root "$test_dir/workbench.png"
    kill -TERM "$gui" 2>/dev/null; wait "$gui" 2>/dev/null
    unset DISPLAY
    # over ssh to a node, say: csi-console with no subcommand opens the workbench
    env -u DISPLAY "$bin" >"$test_dir/no-display.log" 2>&1
    no_display_exit=$?
    sed 's/^/     /' "$test_dir/no-display.log"
    check "without a display, csi-console says so and exits 7 (exit $no_display_exit; no stack trace)" \
        sh -c "test $no_display_exit = 7 && grep -q 'DISPLAY is not set' '$test_dir/no-display.log' && ! grep -q 'Exception\|at java' '$test_dir/no-display.log'"
else
    echo "     Xvfb, xdotool, xprop or import missing: workbench not opened (apt-get install xvfb xdotool x11-utils imagemagick)"
fi

# --- a fresh Debian 12 without a desktop or a JDK ---------------------------------------------
# debootstrap's minbase: no JDK, no X11, no GTK, no fonts, no /usr/share/applications, as on a node or
# a server. dpkg -i installs the package there (its Depends are in every Debian; what the desktop needs
# is only recommended), the command line works, the workbench and a drawing say what to install
# instead of a stack trace, and dpkg -r leaves nothing.
fresh_system() {
    local fresh="$work/debian-12" mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
    if ! timeout 600 debootstrap --variant=minbase bookworm "$fresh" "$mirror" >"$test_dir/debootstrap.log" 2>&1; then
        # a run cut short can leave the file systems debootstrap mounts inside the new root
        for m in proc sys dev/pts; do umount -l "$fresh/$m" 2>/dev/null; done
        echo "     debootstrap could not make a Debian 12 base system from $mirror (network?): fresh-system checks" \
            "skipped; see $test_dir/debootstrap.log"
        return
    fi
    # each command in its own mount and process namespace with /proc, which the JVM reads; what it
    # starts ends with it
    in_fresh() { unshare --mount --pid --fork --mount-proc="$fresh/proc" chroot "$fresh" "$@"; }
    check "a fresh Debian 12 (minbase) has no java" sh -c "! chroot '$fresh' sh -c 'command -v java' >/dev/null"
    cp "$deb" "$fresh/tmp/$name.deb"
    check "dpkg -i installs the package on a fresh Debian 12 without a desktop" \
        sh -c "chroot '$fresh' dpkg -i /tmp/$name.deb >'$test_dir/fresh-dpkg.log' 2>&1"
    check "dpkg reports it installed and configured there" sh -c "chroot '$fresh' dpkg -s $name | grep -q '^Status: install ok installed'"
    local fresh_files
    fresh_files="$(chroot "$fresh" dpkg -L "$name")"
    local version_there
    version_there="$(in_fresh csi-console --version 2>&1)"
    check "csi-console --version runs there with the bundled runtime" grep -q '^csi-console ' <<<"$version_there"
    in_fresh sh -c "csi-console serve --endpoint unix:///tmp/csi.sock --seed demo --state-dir /tmp/plugin >/tmp/serve.log 2>&1 &
        for i in \$(seq 150); do [ -S /tmp/csi.sock ] && break; sleep 0.2; done
        csi-console info --endpoint unix:///tmp/csi.sock
        csi-console lifecycle --endpoint unix:///tmp/csi.sock --file /tmp/lifecycle.png 2>/tmp/lifecycle.err; echo \"lifecycle exit \$?\"" \
        >"$test_dir/fresh-cli.log" 2>&1
    cp "$fresh/tmp/lifecycle.err" "$test_dir/fresh-lifecycle.err" 2>/dev/null || true
    check "csi-console serve and info work there" grep -Eq '^ready +ready$' "$test_dir/fresh-cli.log"
    check "a drawing there, without fonts, says what to install and exits 1 (no stack trace)" \
        sh -c "grep -q '^lifecycle exit 1$' '$test_dir/fresh-cli.log' && grep -q 'apt-get install libfreetype6' '$test_dir/fresh-lifecycle.err' \
            && ! grep -q 'Exception\|at java' '$test_dir/fresh-lifecycle.err'"
    in_fresh env DISPLAY=:0 /opt/$name/bin/$name >"$test_dir/fresh-gui.log" 2>&1
    local gui_exit=$?
    sed 's/^/     /' "$test_dir/fresh-gui.log"
    check "the workbench there, without GTK, says what to install and exits 7 (exit $gui_exit; no stack trace)" \
        sh -c "test $gui_exit = 7 && grep -q 'apt-get install libgtk-3-0 libgl1' '$test_dir/fresh-gui.log' \
            && ! grep -q 'Exception\|at java' '$test_dir/fresh-gui.log'"
    check "dpkg -r removes it there" sh -c "chroot '$fresh' dpkg -r $name >>'$test_dir/fresh-dpkg.log' 2>&1"
    local left
    left="$(while read -r f; do [ -e "$fresh$f" ] && [ ! -d "$fresh$f" ] && echo "$f"; done <<<"$fresh_files")"
    check "no file of the package is left there${left:+: $left}" test -z "$left"
    rm -rf "$fresh"
}
if [ "$(id -u)" = 0 ] && command -v debootstrap >/dev/null && command -v unshare >/dev/null; then
    fresh_system
else
    echo "     not root, or debootstrap or unshare missing: no fresh Debian 12 (apt-get install debootstrap)"
fi

# --- remove ----------------------------------------------------------------------------------
if [ -n "${installed_with_dpkg:-}" ]; then
    check "dpkg -r removes the package" dpkg -r "$name"
    installed_with_dpkg=""
    left="$(while read -r f; do [ -e "$f" ] && [ ! -d "$f" ] && echo "$f"; done <<<"$files")"
    check "no file of the package is left${left:+: $left}" test -z "$left"
    check "/opt/$name is gone" test ! -e "/opt/$name"
fi
echo "package test took $((SECONDS - start)) s"
finish
