#!/usr/bin/env bash
# Builds the CSI Console app-image and .deb with jpackage. See installer/README.md.
set -euo pipefail
cd "$(dirname "$0")/.."
version=0.1.0
mvn -B -q -pl app -am package -DskipTests -Pdist
out=installer/target
rm -rf "$out" && mkdir -p "$out"
icon=icons/src/main/resources/org/csiconsole/icons/app/csi-console-256.png
icon_opt=()
[ -f "$icon" ] && icon_opt=(--icon "$icon")
jpackage --type app-image --name csi-console --app-version "$version" \
  --input app/target/dist --main-jar "csi-console-app-0.1.0-SNAPSHOT.jar" \
  --main-class org.csiconsole.app.Main "${icon_opt[@]}" \
  --java-options "-Dfile.encoding=UTF-8 -XX:MaxGCPauseMillis=20" --dest "$out"
if command -v fakeroot >/dev/null && command -v dpkg-deb >/dev/null; then
  jpackage --type deb --app-image "$out/csi-console" --name csi-console --app-version "$version" \
    --linux-package-deps "libgtk-3-0, libgl1" --linux-shortcut --linux-menu-group "System" \
    --description "Admin console for CSI drivers, csi-addons and HPE CSP arrays" --dest "$out"
else
  echo "fakeroot/dpkg-deb not found: app-image built, .deb skipped (apt-get install fakeroot dpkg-dev)" >&2
fi
ls -1 "$out"
