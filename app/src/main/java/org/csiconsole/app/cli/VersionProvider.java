package org.csiconsole.app.cli;

import org.csiconsole.app.AppVersion;
import picocli.CommandLine;

/** {@code csi-console --version}: version, commit and build date (see {@link AppVersion}), then the protocols spoken. */
final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        return new String[] {AppVersion.current().line(), AppVersion.CSI_SPEC + ", " + AppVersion.CSP_API};
    }
}
