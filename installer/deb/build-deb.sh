#!/usr/bin/env bash
# Builds the .deb from the app-image (called by installer/package.sh):
#
#   installer/deb/build-deb.sh IMAGE OUT NAME VERSION INSTALL_DIR COMMIT
#
# Layout: the app-image in INSTALL_DIR (/opt/csi-console), /usr/bin/NAME for the command line (the
# image's NAME-cli launcher), the desktop entry in /usr/share/applications (the image's NAME
# launcher) and the icon at every size in the hicolor theme.
# There are no maintainer scripts: menus and icon caches pick the files up through the dpkg
# triggers of desktop-file-utils and the icon theme where a desktop is installed, and there is
# nothing to do (and nothing to fail, such as xdg-desktop-menu without a menu folder) where not.
set -euo pipefail
image="$1" out="$2" name="$3" version="$4" install_dir="$5" commit="$6"
here="$(cd "$(dirname "$0")" && pwd)"
icons="$here/../../icons/src/main/resources/org/csiconsole/icons"
arch="$(dpkg --print-architecture)"
root="$out/deb-root"
rm -rf "$root"
mkdir -p "$root$(dirname "$install_dir")" "$root/usr/bin" "$root/usr/share/applications" "$root/usr/share/doc/$name" "$root/DEBIAN"
cp -a "$image" "$root$install_dir"
ln -s "$install_dir/bin/$name-cli" "$root/usr/bin/$name" # the command line's launcher (see package.sh)
install -m 644 "$here/$name.desktop" "$root/usr/share/applications/$name.desktop"
for size in 16 32 48 64 128 256; do
    install -D -m 644 "$icons/app-$size.png" "$root/usr/share/icons/hicolor/${size}x$size/apps/$name.png"
done
install -D -m 644 "$icons/app.svg" "$root/usr/share/icons/hicolor/scalable/apps/$name.svg"
install -m 644 "$here/copyright" "$root/usr/share/doc/$name/copyright"

# Depends and Recommends: the Debian packages that own the shared libraries the bundled natives link
# to directly (their NEEDED entries), less those the image brings itself. Only ELF files are read: the
# launchers in bin/ are shell scripts. The command line's natives (the runtime less the java.desktop
# module's, and those Netty and SQLite unpack from their jars) give Depends, so the package installs
# with `dpkg -i` on a server or a node that has no desktop (a Debian 12 minbase has them all). The
# desktop's natives give Recommends, which apt installs by default: JavaFX's, and java.desktop's (AWT,
# Java2D, fonts, sound), with GTK 3 and OpenGL, which JavaFX loads at run time. Without them the
# workbench, and the drawing of `csi-console lifecycle --file`, say what to install.
desktop_natives='libawt\.so|libawt_headless\.so|libawt_xawt\.so|libjawt\.so|libfontmanager\.so|libjavajpeg\.so'
desktop_natives="$desktop_natives|libjsound\.so|liblcms\.so|libmlib_image\.so|libsplashscreen\.so"
elf_files() { # elf_files DIR...: the ELF files under DIR, NUL-separated
    find "$@" -type f \( -name '*.so' -o -perm -u+x \) \
        -exec sh -c 'for f; do [ "$(head -c 4 "$f" | tr -d "\177")" = ELF ] && printf "%s\0" "$f"; done; true' sh {} +
}
jar_natives="$out/deb-jar-natives"
rm -rf "$jar_natives" && mkdir -p "$jar_natives"
for jar in "$root$install_dir"/lib/app/*.jar; do
    unzip -qo "$jar" '*.so' -d "$jar_natives" 2>/dev/null || true
done
bundled="$(find "$root$install_dir" "$jar_natives" -name '*.so' -printf '%f\n')"
packages_of() { # packages_of: the Debian packages owning the libraries named NEEDED by the ELF files on stdin (NUL-separated)
    local sonames
    sonames="$(xargs -0 -r objdump -p 2>/dev/null | awk '$1 == "NEEDED" {print $2}' | sort -u)"
    for so in $sonames; do
        grep -qx "$so" <<<"$bundled" && continue
        path="$(ldconfig -p | awk -v so="$so" '$1 == so && /x86-64|AArch64|x32/ {print $NF; exit}')"
        [ -n "$path" ] || path="$(ldconfig -p | awk -v so="$so" '$1 == so {print $NF; exit}')"
        [ -n "$path" ] || { echo "build-deb.sh: no package provides $so" >&2; continue; }
        dpkg -S "$(readlink -f "$path")" 2>/dev/null || dpkg -S "$path" 2>/dev/null || echo "build-deb.sh: no package owns $path" >&2
    done | cut -d: -f1 | sort -u
}
runtime="$root$install_dir/lib/runtime"
depends="$({ elf_files "$runtime" "$jar_natives" | tr '\0' '\n' | grep -Ev "/($desktop_natives)\$" | tr '\n' '\0'; } | packages_of)"
recommends="$({ elf_files "$root$install_dir/lib/app" "$runtime" | tr '\0' '\n' \
        | grep -E "/lib/app/[^/]*\.so\$|/($desktop_natives)\$" | tr '\n' '\0'; } | packages_of)"
rm -rf "$jar_natives"
recommends="$(printf '%s\n' $recommends libgtk-3-0 libgl1 | grep -vxF -f <(printf '%s\n' $depends) | sort -u | paste -sd, - | sed 's/,/, /g')"
depends="$(printf '%s\n' $depends | paste -sd, - | sed 's/,/, /g')"
size_kb="$(du -sk --apparent-size "$root" | cut -f1)"
maintainer="${DEBFULLNAME:-CSI Console maintainers} <${DEBEMAIL:-maintainers@csi-console.org}>"
cat >"$root/DEBIAN/control" <<CONTROL
Package: $name
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size_kb
Depends: $depends
Recommends: $recommends
Section: admin
Priority: optional
Description: admin console for CSI drivers, csi-addons and HPE CSP arrays
 A desktop console and a command line (csi-console) for storage administrators: volumes,
 snapshots, groups, hosts, capacity, replication and fencing over CSI gRPC v1.12, csi-addons
 and the HPE Container Storage Provider REST API, with a bundled reference plugin for demos.
 It brings its own Java runtime and needs no JDK. Built from commit $commit.
CONTROL
deb="$out/${name}_${version}_$arch.deb"
dpkg-deb --root-owner-group -Z"${DEB_COMPRESSION:-xz}" --build "$root" "$deb" >/dev/null
rm -rf "$root"
printf 'deb: %s (Installed-Size %s KiB; Depends: %s; Recommends: %s)\n' "$deb" "$size_kb" "$depends" "$recommends" >&2
