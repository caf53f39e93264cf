package org.csiconsole.app.cli;

import picocli.CommandLine;

/** Version from the jar manifest, or "development" when run from classes. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {"csi-console " + org.csiconsole.app.AppVersion.version(),
                org.csiconsole.app.AppVersion.CSI_SPEC + ", " + org.csiconsole.app.AppVersion.CSP_API};
    }
}
