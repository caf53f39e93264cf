package org.csiconsole.core.replication;

/**
 * How an unplanned failover names its site A, in the wizard's header, its pre-flight check and its audit records
 * alike: "unreachable" only when the site did not answer; a site that answers is forced past, and says so.
 */
public final class SiteAnswers {
    private SiteAnswers() {
    }

    /** {@code "site-a unreachable"} when {@code answers} is false, else {@code "site-a still answers: forced"}. */
    public static String siteA(String site, boolean answers) {
        return answers ? site + " still answers: forced" : site + " unreachable";
    }

    /**
     * The name of the pre-flight check an unplanned failover's engine adds when {@code site} (site A) answers,
     * {@code "site-a still answers"}: the one place the wizard, the command line and the audit learn it from.
     */
    public static String checkName(String site) {
        return site + " still answers";
    }

    /** True when {@code checks} hold the check that {@code site} answered for {@code source} ({@link #checkName}). */
    public static boolean answered(java.util.List<PreflightCheck> checks, String site, ReplicationSource source) {
        return checks.stream().anyMatch(c -> c.name().equals(checkName(site)) && (source == null || source.equals(c.source())));
    }
}
