package org.csiconsole.app.cli;

import picocli.CommandLine;

/** Version from the jar manifest, or "development" when run from classes. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = CsiConsoleCommand.class.getPackage().getImplementationVersion();
        return new String[] {"csi-console " + (v == null ? "development" : v)};
    }
}
