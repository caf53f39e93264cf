#!/usr/bin/env bash
# Builds CSI Console for Linux: an app-image with its own jlinked runtime and a class-data sharing
# (AppCDS) archive, a .deb and a tarball of the app-image. See installer/README.md.
#
#   installer/package.sh                 # build everything into installer/target
#   PACKAGE_MVN_ARGS=-o installer/package.sh   # the same, with Maven offline
#   CDS_ARCHIVE=window installer/package.sh     # a smaller class-data archive (window or cli; see cds-training.sh)
#
# Needs a JDK 17+ (jdeps, jlink, jpackage), unzip and zip; dpkg-deb for the .deb; xvfb-run for the
# GUI part of the class-data training run (without it the archive covers the command line only).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
here="$root/installer"
out="$here/target"
name=csi-console
install_dir="/opt/$name"

say() { printf '== [%4d s] %s\n' "$SECONDS" "$*" >&2; }
need() { command -v "$1" >/dev/null || { echo "package.sh: $1 not found ($2)" >&2; exit 2; }; }
need jdeps "a JDK 17+ with jdeps, jlink and jpackage"
need jlink "a JDK 17+"
need jpackage "a JDK 17+"
need unzip "apt-get install unzip"
need zip "apt-get install zip"
need strip "apt-get install binutils"

say "building the application jars (mvn -Pdist)"
rm -rf "$root/app/target/dist"   # copy-dependencies adds; a dependency dropped since must not stay
# shellcheck disable=SC2086
mvn -B -q ${PACKAGE_MVN_ARGS:-} -pl app -am package -DskipTests -Pdist
dist="$root/app/target/dist"
props="$root/app/target/classes/org/csiconsole/app/version.properties"
version="$(sed -n 's/^version=//p' "$props")"
commit="$(sed -n 's/^commit=//p' "$props")"
app_version="${version%%-*}"             # jpackage takes numbers only: 0.1.0-SNAPSHOT -> 0.1.0
deb_version="${version/-/\~}"            # 0.1.0-SNAPSHOT -> 0.1.0~SNAPSHOT (sorts before 0.1.0)
main_jar="csi-console-app-$version.jar"

rm -rf "$out" && mkdir -p "$out"
input="$out/input"
mkdir -p "$input"

say "collecting the class path ($dist)"
for jar in "$dist"/*.jar; do
    # Maven's JavaFX artifacts come as an empty jar plus a -linux jar with the classes; Guava's
    # listenablefuture placeholder is empty too. Jars with nothing but META-INF stay out.
    if [ -z "$(unzip -Z1 "$jar" | grep -v '^META-INF/' | head -1)" ]; then continue; fi
    cp -p "$jar" "$input/"
done
# sqlite-jdbc carries native libraries for every OS and CPU; the package keeps this machine's.
case "$(uname -m)" in
    x86_64) sqlite_arch=x86_64 ;;
    aarch64) sqlite_arch=aarch64 ;;
    *) sqlite_arch="$(uname -m)" ;;
esac
for jar in "$input"/sqlite-jdbc-*.jar; do
    [ -e "$jar" ] || continue
    others="$(unzip -Z1 "$jar" | grep '^org/sqlite/native/.' | grep -v "^org/sqlite/native/Linux/$sqlite_arch/" | grep -v '/$' || true)"
    # shellcheck disable=SC2086
    [ -z "$others" ] || printf '%s\n' $others | zip -q -d "$jar" -@
done
# grpc-netty-shaded carries netty's native transport (epoll) and OpenSSL binding (tcnative) for
# Linux, macOS and Windows on x86_64 and aarch64 (12 MB); netty picks the one named after this OS
# and CPU, so the package keeps this machine's (META-INF/native/lib*[_linux]_<arch>.so).
case "$(uname -m)" in
    x86_64) netty_arch=x86_64 ;;
    aarch64) netty_arch=aarch_64 ;;
    *) netty_arch="$(uname -m)" ;;
esac
for jar in "$input"/grpc-netty-shaded-*.jar; do
    [ -e "$jar" ] || continue
    others="$(unzip -Z1 "$jar" | grep '^META-INF/native/.' | grep -Ev "^META-INF/native/lib[a-z_]*_(linux_)?$netty_arch\.so$" | grep -v '/$' || true)"
    # shellcheck disable=SC2086
    [ -z "$others" ] || printf '%s\n' $others | zip -q -d "$jar" -@
done
# JavaFX loads its native libraries from the folder of its jars when they are there, instead of
# unpacking them into ~/.openjfx/cache on every new version. The jar's own copies then go unread
# (NativeLibLoader looks beside the jar first), so they leave the jar.
for jar in "$input"/javafx-graphics-*-linux.jar; do
    unzip -qo "$jar" '*.so' -d "$input"
    zip -q -d "$jar" '*.so'
done

# The class files' local-variable tables serve debuggers only, and the class-data archive below keeps a copy
# of each loaded method's; line numbers (for stack traces) and parameter names stay. See StripLocalVariables.java.
say "removing the local-variable tables from the jars' classes"
asm_version=9.10.1
# shellcheck disable=SC2086
mvn -B -q ${PACKAGE_MVN_ARGS:-} -N dependency:copy -Dartifact="org.ow2.asm:asm:$asm_version" -DoutputDirectory="$out/tools"
before_kb="$(du -sk "$input" | cut -f1)"
java -cp "$out/tools/asm-$asm_version.jar" "$here/StripLocalVariables.java" "$input"/*.jar >"$out/strip.log"
say "class path: ${before_kb} -> $(du -sk "$input" | cut -f1) KiB ($(grep -c 'signed' "$out/strip.log" || true) signed jars left as they are)"

say "finding the JDK modules the class path needs (jdeps)"
classes="$out/jdeps-classes"
mkdir -p "$classes"
for jar in "$input"/*.jar; do
    unzip -qo "$jar" -x 'module-info.class' 'META-INF/versions/*/module-info.class' -d "$classes" 2>/dev/null || true
done
modules="$(jdeps -q --multi-release 17 --ignore-missing-deps --print-module-deps "$classes" | tail -1)"
rm -rf "$classes"
# Reached by reflection or service lookup, which jdeps cannot see: elliptic-curve TLS (CSP arrays,
# TLS endpoints), and DNS names through JNDI (grpc's resolver).
modules="$modules,jdk.crypto.ec,jdk.naming.dns"
# Only with JavaFX on the module path would javafx.* be jlinked; here JavaFX stays on the class path.
modules="$(tr ',' '\n' <<<"$modules" | grep -v '^javafx\.' | sort -u | paste -sd, -)"
say "modules: $modules"

say "linking the runtime (jlink)"
jlink --add-modules "$modules" --strip-debug --no-header-files --no-man-pages \
    --strip-native-debug-symbols=exclude-debuginfo-files --compress=2 --output "$out/runtime"

say "building the app-image (jpackage)"
icon_dir="$root/icons/src/main/resources/org/csiconsole/icons"
# The launcher maps the class-data archive that the training run below writes. -Xshare:auto starts
# without it (and says nothing) when it does not match, e.g. an app-image unpacked elsewhere than
# /opt/csi-console. The workbench compiles with the client compiler only: on two cores the optimizing
# compiler took a core from the FX thread while the window opened (first frame 0.95 s against 0.72 s)
# and while the first 100,000 rows loaded (FX stall 97 ms against 69 ms), and what it buys later stays
# within the targets without it (sort and filter of 100,000 rows at most 36 ms, FX stall 40 ms; README,
# "Benchmarks"). One compiler thread, not two: on two cores the second took CPU from the FX thread and the
# start-up prefetch (workbench painted 0.71 s against 0.78 s; the first 100,000 rows' FX stall 82 ms against 77 ms).
# The heap and GC options and the compiler's are the workbench's own, kept in one place for every launcher
# (app/src/main/jvm/workbench.options, an argument file: its options without the comments).
mapfile -t workbench_opts < <(sed 's/#.*//' "$root/app/src/main/jvm/workbench.options" | tr -s ' \t' '\n' | grep -v '^$')
java_opts=(
    "-XX:SharedArchiveFile=\$APPDIR/$name.jsa" "-Xshare:auto" "-Xlog:cds=off" "-Xlog:cds+dynamic=off"
    "-Dfile.encoding=UTF-8" "${workbench_opts[@]}"
)
# The command line's own launcher, bin/$name-cli, which /usr/bin/$name runs (the desktop entry runs bin/$name):
# a command lives for a second or two and mostly waits on a socket, so it gets the serial collector (under G1 a
# listing of 100,000 volumes touched 360 MB) with a young generation of 32 MB, which a command touches only as far
# as it allocates: that listing then collects 12 times instead of 47 (from a 16 MB heap: 0.13 s of pauses against
# 0.06 s; 1.04 -> 0.99 s), and the client compiler alone in one thread (the optimizing one added 1.7 s to the 2.2 s
# of CPU time that listing takes without it; a second compiler thread took CPU from the command and the driver on
# two cores: 1.10 -> 0.97 s). Without arguments it opens the workbench all the same, with these options.
cli_opts=(
    "-XX:SharedArchiveFile=\$APPDIR/$name.jsa" "-Xshare:auto" "-Xlog:cds=off" "-Xlog:cds+dynamic=off"
    "-Dfile.encoding=UTF-8" "-XX:+UseSerialGC" "-Xmn32m" "-XX:TieredStopAtLevel=1" "-XX:CICompilerCount=1"
)
printf 'java-options=%s\n' "${cli_opts[*]}" >"$out/$name-cli.properties"
jpackage --type app-image --name "$name" --app-version "$app_version" \
    --vendor "CSI Console" --description "Admin console for CSI drivers, csi-addons and HPE CSP arrays" \
    --input "$input" --main-jar "$main_jar" --main-class org.csiconsole.app.Main \
    --runtime-image "$out/runtime" --icon "$icon_dir/app-256.png" \
    --java-options "${java_opts[*]}" --add-launcher "$name-cli=$out/$name-cli.properties" --dest "$out/image"
image="$out/image/$name"
rm -rf "$out/runtime" "$input"
# jpackage's native launcher asks rpm and dpkg which package owns it, twice on every start (rpm -qf,
# dpkg -S and, once installed, dpkg -L: 0.08 s of a 0.3 s `csi-console --version` here, and dpkg -S
# reads the whole package database, so more on a desktop with thousands of packages). The image's
# launchers are POSIX shell scripts instead, written from the class path and options jpackage put in
# lib/app/NAME.cfg and NAME-cli.cfg (which the class-data training and the benchmark read too). Each runs
# java through a link named after the launcher (lib/runtime/bin/NAME -> java): Linux names a process after the
# file it was started as, so ps, top and pgrep show csi-console, not java, as with jpackage's launcher.
write_launcher() { # write_launcher CFG LAUNCHER WHAT
    local cfg="$1" launcher="$2" what="$3" cp opts main exe
    exe="$(basename "$launcher")"
    ln -s java "$image/lib/runtime/bin/$exe"
    # shellcheck disable=SC2016 # $app stays literal: the script expands it
    cp="$(sed -n 's/^app.classpath=\$APPDIR\//$app\//p' "$image/lib/app/$name.cfg" | paste -sd: -)"
    # shellcheck disable=SC2016
    opts="$(sed -n 's/^java-options=//p' "$cfg" | sed 's/\$APPDIR/$app/g; s/.*/"&"/' | paste -sd' ' -)"
    main="$(sed -n 's/^app.mainclass=//p' "$cfg")"
    cat >"$launcher" <<LAUNCHER
#!/bin/sh
# CSI Console $version: $what (written by installer/package.sh from lib/app/$(basename "$cfg")).
self="\$(readlink -f "\$0")"
root="\${self%/bin/*}"
app="\$root/lib/app"
exec "\$root/lib/runtime/bin/$exe" $opts -cp "$cp" $main "\$@"
LAUNCHER
    chmod 755 "$launcher"
}
write_launcher "$image/lib/app/$name.cfg" "$image/bin/$name" "the workbench (with arguments, the command line)"
write_launcher "$image/lib/app/$name-cli.cfg" "$image/bin/$name-cli" "the command line (/usr/bin/$name)"
rm "$image/lib/libapplauncher.so"
# The JVM's symbol table (.symtab) only names frames in a crash report; its exported symbols stay.
strip --strip-unneeded "$image/lib/runtime/lib/server/libjvm.so"

say "training run for the class-data archive (AppCDS)"
"$here/cds-training.sh" "$out/image" "$name" "$install_dir" "$out/cds"

say "tarball"
arch="$(uname -m)"
tarball="$out/$name-$version-linux-$arch.tar.gz"
tar -C "$out/image" --owner=0 --group=0 --numeric-owner -czf "$tarball" "$name"

if command -v dpkg-deb >/dev/null && command -v dpkg >/dev/null; then
    say "Debian package"
    "$here/deb/build-deb.sh" "$image" "$out" "$name" "$deb_version" "$install_dir" "$commit"
else
    say "dpkg-deb not found: app-image and tarball built, .deb skipped (apt-get install dpkg-dev)"
fi

say "done"
du -sh "$image" >&2
ls -1 "$out" >&2
