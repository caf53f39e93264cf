package org.csiconsole.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The console's version, the commit it was built from and the build date, as the build wrote them
 * into {@code org/csiconsole/app/version.properties} (Maven resource filtering and the
 * git-commit-id plugin), and the protocol versions it speaks; shown by {@code csi-console --version}
 * and Help, About.
 *
 * @param version the Maven project version, e.g. {@code 0.1.0-SNAPSHOT}; "development" when run from
 *                unfiltered classes
 * @param commit the abbreviated commit id, with {@code -dirty} when the work tree had changes; "unknown"
 *               when built outside a git checkout
 * @param buildDate when the jar was built, ISO-8601 in UTC ({@code 2026-11-25T13:04:26Z}); "unknown"
 *                  when run from unfiltered classes
 */
public record AppVersion(String version, String commit, String buildDate) {
    /** The CSI spec release the protos come from. */
    public static final String CSI_SPEC = "CSI spec v1.12.0";
    /** The csi-addons spec the protos come from. */
    public static final String ADDONS_SPEC = "csi-addons spec (replication, reclaim space, network fence, volume group, encryption key rotation)";
    /** The HPE Container Storage Provider REST API version. */
    public static final String CSP_API = "HPE Container Storage Provider REST API v1";

    private static final String RESOURCE = "version.properties";

    /** This build's version, read once from the class path. */
    public static AppVersion current() {
        return Holder.CURRENT;
    }

    /**
     * Reads a version.properties text; a value the build did not fill in (still {@code ${...}}) or
     * left out reads "development" (version) or "unknown" (commit, build date).
     */
    public static AppVersion parse(InputStream in) throws IOException {
        Properties p = new Properties();
        if (in != null) p.load(in);
        String commit = filled(p.getProperty("commit"), "unknown");
        if (!"unknown".equals(commit) && "true".equals(p.getProperty("dirty"))) commit += "-dirty";
        return new AppVersion(filled(p.getProperty("version"), "development"), commit, filled(p.getProperty("buildDate"), "unknown"));
    }

    private static String filled(String value, String otherwise) {
        return value == null || value.isBlank() || value.contains("${") ? otherwise : value.strip();
    }


    /** One line: {@code csi-console 0.1.0 (commit 1a2b3c4d5e, built 2026-11-25T13:04:26Z)}. */
    public String line() {
        return "csi-console " + version + " (commit " + commit + ", built " + buildDate + ")";
    }

    /** The text of Help, About: version, commit, build date, the protocols spoken and where the documentation is. */
    public static String aboutText() {
        AppVersion v = current();
        return "CSI Console " + v.version() + "\nCommit " + v.commit() + ", built " + v.buildDate() + "\n\n"
                + "An admin console for CSI drivers, csi-addons and HPE CSP arrays.\n\n"
                + "Speaks:\n  \u2022 " + CSI_SPEC + "\n  \u2022 " + ADDONS_SPEC + "\n  \u2022 " + CSP_API + "\n\n"
                + "Read more in README.md and docs/: guide.md (every view), cli.md "
                + "(csi-console --help), reference-plugin.md (the demo and serve). Help, Getting started (F1) has five things to try.";
    }

    private static final class Holder {
        static final AppVersion CURRENT = read();

        private static AppVersion read() {
            try (InputStream in = AppVersion.class.getResourceAsStream(RESOURCE)) {
                return parse(in);
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read " + RESOURCE + " from the class path", e);
            }
        }
    }
}
