package org.csiconsole.app;

/**
 * The console's version as the jar manifest gives it ({@code Implementation-Version}), and the
 * protocol versions it speaks; shown by {@code csi-console --version} and Help, About.
 */
public final class AppVersion {
    /** The CSI spec release the protos come from. */
    public static final String CSI_SPEC = "CSI spec v1.12.0";
    /** The csi-addons spec the protos come from. */
    public static final String ADDONS_SPEC = "csi-addons spec (replication, reclaim space, network fence, volume group, encryption key rotation)";
    /** The HPE Container Storage Provider REST API version. */
    public static final String CSP_API = "HPE Container Storage Provider REST API v1";

    private AppVersion() {
    }

    /** The version, or "development" when run from classes rather than a built jar. */
    public static String version() {
        String v = AppVersion.class.getPackage().getImplementationVersion();
        return v == null ? "development" : v;
    }

    /** The text of Help, About: version, the protocols spoken and where the documentation is. */
    public static String aboutText() {
        return "CSI Console " + version() + "\n\n"
                + "An admin console for CSI drivers, csi-addons and HPE CSP arrays.\n\n"
                + "Speaks:\n  \u2022 " + CSI_SPEC + "\n  \u2022 " + ADDONS_SPEC + "\n  \u2022 " + CSP_API + "\n\n"
                + "Read more in README.md: \u201cReference plugin\u201d (demo and serve), \u201cCSI client and command line\u201d "
                + "(csi-console --help), \u201cWorkbench views\u201d (keyboard and views).";
    }
}
