package org.csiconsole.core.trouble;

import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.Readiness;

import java.util.EnumSet;
import java.util.regex.Pattern;

import static org.csiconsole.core.trouble.Checks.PLUGIN_CAPS;
import static org.csiconsole.core.trouble.Checks.PLUGIN_INFO;
import static org.csiconsole.core.trouble.Checks.PROBE;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * The CSI Identity checks: GetPluginInfo (a valid name, a vendor_version), Probe (ready) and
 * GetPluginCapabilities. GetPluginInfo also decides whether the driver is reachable at all.
 */
final class IdentityChecks {
    /**
     * The spec's rule for a plugin name: at most 63 characters, beginning and ending with an
     * alphanumeric character, with dashes, dots and alphanumerics between (spec.md, GetPluginInfo).
     */
    static final Pattern NAME = Pattern.compile("[A-Za-z0-9]([A-Za-z0-9.-]{0,61}[A-Za-z0-9])?");

    private static final EnumSet<FailureKind> UNREACHABLE =
            EnumSet.of(FailureKind.ENDPOINT, FailureKind.UNAVAILABLE, FailureKind.TLS, FailureKind.TIMEOUT);

    private IdentityChecks() {
    }

    /** @return false when the driver could not be reached (GetPluginInfo got no answer) */
    static boolean run(ProbeRun r) throws InterruptedException {
        r.stage("Asking the driver who it is (GetPluginInfo)");
        Csi.GetPluginInfoResponse info;
        try {
            r.calls.warmUp(r.controller, IdentityGrpc.getGetPluginInfoMethod(), Csi.GetPluginInfoRequest.getDefaultInstance());
            info = r.calls.call(r.controller, IdentityGrpc.getGetPluginInfoMethod(), Csi.GetPluginInfoRequest.getDefaultInstance(),
                    CallKind.PROBE);
        } catch (CallFailure f) {
            boolean unreachable = UNREACHABLE.contains(f.kind());
            r.add(fail("identity.plugin-info", "GetPluginInfo answers", f.getMessage() + " [" + f.detail() + "]", PLUGIN_INFO,
                    unreachable ? f.whatToDo()
                            : "Every CSI plugin must serve the Identity service on its socket; check that the endpoint is the driver's "
                            + "CSI socket and read the driver's logs"));
            for (String[] c : new String[][] {{"identity.plugin-name", "Plugin name is valid"},
                    {"identity.vendor-version", "vendor_version is set"}}) {
                r.add(skipped(c[0], c[1], "GetPluginInfo did not answer", PLUGIN_INFO));
            }
            if (unreachable) return false;
            probe(r);
            capabilities(r);
            return true;
        }
        r.plugin = CsiMapping.pluginInfo(info);
        r.add(pass("identity.plugin-info", "GetPluginInfo answers", "name " + quote(info.getName()) + ", vendor_version "
                + quote(info.getVendorVersion()) + (info.getManifestCount() > 0 ? ", manifest " + info.getManifestMap() : ""), PLUGIN_INFO));
        name(r, info.getName());
        if (info.getVendorVersion().isBlank()) {
            r.add(fail("identity.vendor-version", "vendor_version is set", "vendor_version is empty", PLUGIN_INFO,
                    "vendor_version is REQUIRED; report it to the driver's vendor. Support needs it to tell which build runs"));
        } else {
            r.add(pass("identity.vendor-version", "vendor_version is set", info.getVendorVersion(), PLUGIN_INFO));
        }
        probe(r);
        capabilities(r);
        return true;
    }

    private static void name(ProbeRun r, String name) {
        String title = "Plugin name is valid";
        if (name.isEmpty()) {
            r.add(fail("identity.plugin-name", title, "the name is empty", PLUGIN_INFO,
                    "The name is REQUIRED: the kubelet registers the driver under it and CSIDriver objects name it"));
        } else if (name.length() > 63 || !NAME.matcher(name).matches()) {
            String why = name.length() > 63 ? name.length() + " characters, more than 63"
                    : "it must begin and end with a letter or digit and hold only letters, digits, dashes and dots";
            r.add(fail("identity.plugin-name", title, quote(name) + ": " + why, PLUGIN_INFO,
                    "The driver's name breaks the spec's rule; Kubernetes refuses to register such a driver. "
                            + "Configure a valid name (domain-style, such as csi.example.com) or report it to the vendor"));
        } else if (!name.contains(".")) {
            r.add(warn("identity.plugin-name", title, quote(name) + " is valid but not domain-style", PLUGIN_INFO,
                    "The spec asks for domain name notation that includes the vendor (csi.example.com), so names of "
                            + "different vendors do not collide"));
        } else {
            r.add(pass("identity.plugin-name", title, quote(name) + ", " + name.length() + " characters, domain-style", PLUGIN_INFO));
        }
    }

    private static void probe(ProbeRun r) throws InterruptedException {
        String title = "Probe says ready";
        try {
            Csi.ProbeResponse p = r.calls.call(r.controller, IdentityGrpc.getProbeMethod(), Csi.ProbeRequest.getDefaultInstance(), CallKind.PROBE);
            Readiness ready = Readiness.of(p.hasReady(), p.getReady().getValue());
            if (ready.ready()) {
                r.add(pass("identity.probe", ready.title("Probe"), ready.text(), PROBE));
            } else {
                r.add(warn("identity.probe", title, "ready: false: the plugin is healthy but still initializing, and "
                                + "Controller and Node calls may fail until it is ready", PROBE,
                        "Wait and probe again. If it stays not ready, read the driver's logs: it usually waits for its "
                                + "storage backend (array login, network) or for configuration"));
            }
        } catch (CallFailure f) {
            r.add(fail("identity.probe", title, f.getMessage() + " [" + f.detail() + "]", PROBE,
                    "An error from Probe means the plugin is unhealthy and may need a restart (a liveness probe restarts it). "
                            + "Read the driver's logs for the cause"));
        }
    }

    private static void capabilities(ProbeRun r) throws InterruptedException {
        String title = "GetPluginCapabilities answers";
        try {
            Csi.GetPluginCapabilitiesResponse c = r.calls.call(r.controller, IdentityGrpc.getGetPluginCapabilitiesMethod(),
                    Csi.GetPluginCapabilitiesRequest.getDefaultInstance(), CallKind.PROBE);
            r.pluginCapabilities = c;
            r.add(pass("identity.plugin-capabilities", title, CapabilityChecks.pluginNames(c).toString(), PLUGIN_CAPS));
        } catch (CallFailure f) {
            r.add(fail("identity.plugin-capabilities", title, f.getMessage() + " [" + f.detail() + "]", PLUGIN_CAPS,
                    "GetPluginCapabilities is part of the required Identity service; without it a CO cannot tell which "
                            + "services the driver has. Report it to the driver's vendor"));
        }
    }

    static String quote(String s) {
        return "'" + s + "'";
    }
}
