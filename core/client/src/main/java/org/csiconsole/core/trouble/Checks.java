package org.csiconsole.core.trouble;

/**
 * Shorthands for {@link CheckResult}s, and the spec sections the probe's rules come from (CSI spec
 * v1.12.0 {@code spec.md} by RPC, csi-addons/spec by service, the kernel's unix(7)).
 */
final class Checks {
    static final String SPEC_CSI = "CSI v1.12 spec";
    static final String SOCKET = "unix(7); CSI v1.12 spec, \"Transport\" (CSI_ENDPOINT)";
    static final String PLUGIN_INFO = SPEC_CSI + ", GetPluginInfo";
    static final String PROBE = SPEC_CSI + ", Probe";
    static final String PLUGIN_CAPS = SPEC_CSI + ", GetPluginCapabilities";
    static final String CONTROLLER_CAPS = SPEC_CSI + ", ControllerGetCapabilities";
    static final String NODE_CAPS = SPEC_CSI + ", NodeGetCapabilities";
    static final String GROUP_CAPS = SPEC_CSI + ", GroupControllerGetCapabilities";
    static final String LIST_VOLUMES = SPEC_CSI + ", ListVolumes";
    static final String LIST_SNAPSHOTS = SPEC_CSI + ", ListSnapshots";
    static final String GET_CAPACITY = SPEC_CSI + ", GetCapacity";
    static final String NODE_INFO = SPEC_CSI + ", NodeGetInfo";
    static final String NODE_STATS = SPEC_CSI + ", NodeGetVolumeStats";
    static final String ADDONS_IDENTITY = "csi-addons spec, identity (GetIdentity, GetCapabilities, Probe)";
    static final String OWN_RULE = "";

    private Checks() {
    }

    static CheckResult pass(String id, String title, String evidence, String spec) {
        return new CheckResult(id, title, CheckStatus.PASS, evidence, spec, "");
    }

    static CheckResult warn(String id, String title, String evidence, String spec, String remediation) {
        return new CheckResult(id, title, CheckStatus.WARN, evidence, spec, remediation);
    }

    static CheckResult fail(String id, String title, String evidence, String spec, String remediation) {
        return new CheckResult(id, title, CheckStatus.FAIL, evidence, spec, remediation);
    }

    static CheckResult skipped(String id, String title, String why, String spec) {
        return new CheckResult(id, title, CheckStatus.SKIPPED, why, spec, "");
    }

    /** {@code items} joined by ", ", the first {@code max} only, with "and N more". */
    static String some(java.util.Collection<String> items, int max) {
        StringBuilder b = new StringBuilder();
        int i = 0;
        for (String s : items) {
            if (i == max) {
                b.append(" and ").append(items.size() - max).append(" more");
                break;
            }
            if (i++ > 0) b.append(", ");
            b.append(s);
        }
        return b.toString();
    }
}
