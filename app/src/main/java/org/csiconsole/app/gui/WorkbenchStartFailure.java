package org.csiconsole.app.gui;

import java.util.Optional;

/**
 * What a person reads when the workbench cannot open its window, in place of JavaFX's stack trace:
 * there is no display to open it on ({@code Unable to open DISPLAY}: a server, a node reached over
 * ssh, a container), or the desktop libraries JavaFX loads are not installed ({@code no glass in
 * java.library.path}: GTK 3 and OpenGL missing, as on a server installed without a desktop, where
 * the package's recommended packages were left out). Both name what to do, and that the command line
 * needs neither.
 */
public final class WorkbenchStartFailure {
    /** The Debian and Ubuntu packages of the desktop libraries JavaFX loads (the rest come with them). */
    public static final String DESKTOP_PACKAGES = "libgtk-3-0 libgl1";

    private WorkbenchStartFailure() {
    }

    /**
     * The explanation of {@code failure}, thrown by {@code Application.launch}, or empty when the
     * display and the libraries are not at fault (a defect of the console, which is left to surface).
     *
     * @param display the {@code DISPLAY} environment variable, or null when it is not set
     */
    public static Optional<String> explain(Throwable failure, String display) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof UnsupportedOperationException && String.valueOf(t.getMessage()).contains("DISPLAY")) {
                return Optional.of(display == null || display.isBlank()
                        ? "csi-console: the workbench needs a graphical display, and DISPLAY is not set (a server, "
                                + "a node reached over ssh, a container). Open it in a desktop session, or over ssh with "
                                + "X forwarding (ssh -X). The command line needs no display: csi-console --help."
                        : "csi-console: the workbench cannot open the display DISPLAY=" + display + ": no X server "
                                + "answers there, or it does not let this user in. Check DISPLAY, and XAUTHORITY over "
                                + "ssh -X. The command line needs no display: csi-console --help.");
            }
            if (t instanceof UnsatisfiedLinkError) {
                return Optional.of("csi-console: the workbench cannot start: the desktop libraries JavaFX needs (GTK 3 "
                        + "and OpenGL) are not installed, as on a server installed without a desktop. Install them "
                        + "(Debian and Ubuntu: sudo apt-get install " + DESKTOP_PACKAGES + "; the csi-console package "
                        + "recommends them), then start it again. The command line needs none of them: csi-console --help.");
            }
        }
        return Optional.empty();
    }
}
