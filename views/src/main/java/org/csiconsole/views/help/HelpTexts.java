package org.csiconsole.views.help;

import java.util.List;

/**
 * The words of the Help menu and of the start page's teaching lines, in one place: what the demo
 * is, five things to try in it, where the command line is, the keyboard shortcuts and the
 * documents. No {@code Node}: the workbench shows them.
 */
public final class HelpTexts {
    private HelpTexts() {
    }

    /** One shortcut: the keys as the menus show them and what they do. */
    public record Shortcut(String keys, String what) {
    }

    /** One document of the source checkout's {@code docs/} folder and what it holds. */
    public record Document(String path, String what) {
    }

    /** The start page's line under the title while the demo connection is open. */
    public static final String DEMO_NOTE = "The Demo connection is simulated: two arrays (site-a and site-b) served by the bundled "
            + "reference plugin inside this console. Nothing you do in it touches real storage. Help \u203a Getting started "
            + "has five things to try; Training (Alt+5) has guided exercises that check themselves.";

    /** The keyboard shortcuts of the workbench: the menus' accelerators, then the tables' keys. */
    public static final List<Shortcut> SHORTCUTS = List.of(
            new Shortcut("Ctrl+F", "Filter the current view"),
            new Shortcut("F5", "Refresh the current view"),
            new Shortcut("Ctrl+N", "Create a resource in the current view"),
            new Shortcut("Delete", "Delete the selected resource (asks first)"),
            new Shortcut("Ctrl+Shift+N", "New connection"),
            new Shortcut("Ctrl+W", "Close the current tab"),
            new Shortcut("Ctrl+Q", "Quit"),
            new Shortcut("Ctrl+Shift+D", "Switch between light and dark"),
            new Shortcut("Ctrl+J", "Show or hide the bottom panel (call trace, tasks, notifications)"),
            new Shortcut("Ctrl+Shift+L", "Open the audit log"),
            new Shortcut("Alt+1, Alt+2, \u2026", "Switch perspective (Resources, Replication, \u2026; the Window menu lists them)"),
            new Shortcut("Ctrl+C", "Copy the selected rows as text (tab-separated)"),
            new Shortcut("Ctrl+A", "Select every row of a table"),
            new Shortcut("Shift+click, Ctrl+click", "Select a range of rows, or add a row to the selection"),
            new Shortcut("Shift+F10, Menu key", "Open the selected rows' context menu"),
            new Shortcut("F1", "Getting started"));

    /** The documents of the source checkout's {@code docs/} folder. */
    public static final List<Document> DOCUMENTS = List.of(
            new Document("README.md", "What the console is, how to run it, connect it and use its command line"),
            new Document("docs/guide.md", "What each view and command does: volumes, snapshots, replication, fencing, audit, trace, troubleshooting"),
            new Document("docs/cli.md", "The command line: commands, options and exit codes"),
            new Document("docs/glossary.md", "The words the console uses, one per concept"),
            new Document("docs/reference-plugin.md", "The simulated arrays behind the demo and csi-console serve"),
            new Document("docs/training-schema.md", "Training mode: the scenario files trainers write, their checks, faults and results"),
            new Document("docs/benchmarks.md", "How fast it is, and how each figure was measured"),
            new Document("docs/design.md", "How the code is laid out (for developers); docs/architecture.md has the whole map"));

    /** Help › Getting started: what the demo is, five things to try in it, training mode, and where the command line is. */
    public static String gettingStarted() {
        return """
                CSI Console shows and changes what a CSI driver, its csi-addons sidecar and an HPE CSP array hold: \
                volumes, snapshots, groups, hosts, capacity and replication, with every call in the call trace.

                The Demo connection is simulated. Two arrays, site-a and site-b, replicating to each other, are served \
                by the bundled reference plugin inside this console; nothing you do in it touches real storage.

                Five things to try in the demo:
                  1. Volumes: select a volume, then Snapshot; open Snapshots to see it (Ctrl+F filters by name).
                  2. New (Ctrl+N) in Volumes: create a volume; its Parameters pick the array (site-a or site-b).
                  3. The call trace (Ctrl+J): select a call to read its request and response, secrets removed.
                  4. Replication (Alt+2): the two sites side by side; Fail over plans each step before it runs.
                  5. Lifecycle: a volume's states from CreateVolume to NodePublishVolume, drawn from the calls made.

                Training mode (Alt+5, or Window \u203a Training): guided exercises on a plugin of their own, from \
                provisioning to a failover and a split brain; each step turns green when its check holds. Without a \
                display: csi-console training list, then training start NAME.

                To reach a real driver or array: File \u203a New connection (a unix socket such as \
                unix:///var/lib/kubelet/plugins/<driver>/csi.sock, host:port, or a CSP's https:// address).

                The command line: every view has a command. Run csi-console --help (installed package), or \
                scripts/csi-console --help from a source checkout; csi-console with no command opens this workbench.

                To copy a call as a grpcurl or csc command, serve the demo on a socket and open that socket:
                  csi-console serve --endpoint unix:///tmp/csi-console-demo.sock --seed demo
                  csi-console --endpoint unix:///tmp/csi-console-demo.sock""";
    }

    /** Help › Keyboard shortcuts, one per line. */
    public static String shortcuts() {
        StringBuilder b = new StringBuilder();
        for (Shortcut s : SHORTCUTS) b.append(b.length() == 0 ? "" : "\n").append(s.keys()).append("  \u2014  ").append(s.what());
        return b.toString();
    }

    /** Help › Documentation, one document per line. */
    public static String documents() {
        StringBuilder b = new StringBuilder("In the source checkout:\n");
        for (Document d : DOCUMENTS) b.append('\n').append(d.path()).append("  \u2014  ").append(d.what());
        return b.toString();
    }
}
