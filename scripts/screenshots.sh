#!/usr/bin/env bash
# Takes screenshots of the workbench in a real window under Xvfb.
#
#   scripts/screenshots.sh [output-folder]      (default: shots/)
#
# Needs Xvfb, ImageMagick's `import` and GTK (Debian/Ubuntu):
#   apt-get update && apt-get install -y xvfb imagemagick libgtk-3-0
# It compiles app and its modules, then runs org.csiconsole.app.shots.ScreenshotTour (app test
# code), which opens the console with a fresh config folder, walks through start page, resource
# placeholder, call trace, tasks, notifications, failure and typed-confirmation dialogs, light and
# dark, and calls `import -window root` after each step; TraceTour does the same for the call trace.
# Open the PNGs and look at them.
set -euo pipefail
cd "$(dirname "$0")/.."
out="$(realpath -m "${1:-shots}")"
mkdir -p "$out"
for tool in xvfb-run import; do
  command -v "$tool" >/dev/null || { echo "missing $tool: apt-get install -y xvfb imagemagick libgtk-3-0" >&2; exit 2; }
done

cp_file="$(mktemp)"
mvn -B -q -pl app -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test
classpath="app/target/test-classes:app/target/classes:$(cat "$cp_file")"
rm -f "$cp_file"

XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" xvfb-run -a -s "-screen 0 1600x1000x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.ScreenshotTour "$out"
# Every resource view of the demo connection, light (20-*.png) and dark (30-*.png), and the
# create-volume dialog, at 1600x1000 and again at 1280x800 (in 1280x800/).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" xvfb-run -a -s "-screen 0 1600x1000x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.ViewsTour "$out"
mkdir -p "$out/1280x800"
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -Dtour.size=1280x800 -cp "$classpath" org.csiconsole.app.shots.ViewsTour "$out/1280x800"
# The call trace at 1280x800: real calls of the demo and a few tasks, grouped, filtered, light and dark, a saved trace opened again (50-*.png).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" CSI_CONSOLE_DATA_DIR="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.TraceTour "$out"
# Connections: several open at once, a driver socket going away, connection dialogs, trust on first use (40-*.png).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" xvfb-run -a -s "-screen 0 1600x1000x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.ConnectionsTour "$out"
# The Replication perspective over the demo's seeded pairs at 1280x800, light (50-*.png) and dark
# (60-*.png): volumes and groups, history, site pairs, a force confirmation, the planned-failover
# wizard after a dry run, the faults panel.
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" XDG_DATA_HOME="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -Dtour.size=1280x800 -cp "$classpath" org.csiconsole.app.shots.ReplicationTour "$out"
# A saved report opened offline at 1280x800: its checks, then its read-only connection's volumes,
# plugin, snapshots, hosts and recorded calls (70-*.png).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.ReportTour "$out"
# The start page's drivers on this host (the reference plugin and a stale socket under a kubelet root
# of the tour's own) and an exercise playing on the lifecycle figure, at 1280x800 (80-*.png).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" CSI_CONSOLE_DATA_DIR="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.StartDriversTour "$out"
# The Troubleshoot perspective on a broken node (a good registration, one whose driver's socket is
# missing, a stale socket) at 1280x800: Discover, the stale socket probed, the Report page (90-*.png).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" CSI_CONSOLE_DATA_DIR="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.NodeTroubleTour "$out"
# The Training perspective at 1280x800 with the bottom panel open: the library, scenario 1 started beside the
# demo, its step pane before and after the first step's check holds, a hint revealed (A*-*.png).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" CSI_CONSOLE_DATA_DIR="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.TrainingTour "$out"
# A two-site training scenario (planned failover) at 1280x800: its volumes by their seed names and its Replication
# tab with both arrays as sites (B*-*.png).
XDG_CONFIG_HOME="$(mktemp -d)" XDG_STATE_HOME="$(mktemp -d)" CSI_CONSOLE_DATA_DIR="$(mktemp -d)" xvfb-run -a -s "-screen 0 1280x800x24" \
  java -Dprism.order=sw -cp "$classpath" org.csiconsole.app.shots.TrainingSitesTour "$out"
ls -1 "$out"/*.png "$out"/1280x800/*.png
