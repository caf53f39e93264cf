package org.csiconsole.app;

/** Entry point: placeholder until the CLI and workbench are wired. */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) {
        System.out.println("CSI Console");
    }
}
