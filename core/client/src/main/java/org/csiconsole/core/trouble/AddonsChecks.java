package org.csiconsole.core.trouble;

import identity.IdentityGrpc;
import identity.IdentityProto;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Readiness;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.csiconsole.core.trouble.Checks.ADDONS_IDENTITY;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * csi-addons beside the driver: GetIdentity, Probe and GetCapabilities on the sidecar's endpoint (the
 * one given, else the CSI socket itself, else {@code csi-addons.sock} beside it), and for each
 * advertised service that has a read-only call (ListClusterFence, ListVolumeGroups,
 * GetVolumeReplicationInfo), whether the service answers at all: UNIMPLEMENTED means advertised but
 * not served; any other answer, a refusal of the empty request included, means served.
 */
final class AddonsChecks {
    private AddonsChecks() {
    }

    static void run(ProbeRun r) throws InterruptedException {
        r.stage("Looking for csi-addons");
        List<Endpoint> candidates = new ArrayList<>();
        if (r.target.addons().isPresent()) {
            candidates.add(r.target.addons().get());
        } else {
            candidates.add(r.target.endpoint());
            if (r.target.endpoint() instanceof Endpoint.Unix u && u.path().getParent() != null) {
                Path beside = u.path().getParent().resolve("csi-addons.sock");
                if (!beside.equals(u.path()) && Files.exists(beside)) candidates.add(new Endpoint.Unix(beside));
            }
        }
        List<String> tried = new ArrayList<>();
        for (Endpoint e : candidates) {
            boolean given = r.target.addons().isPresent();
            Connection c = e.equals(r.target.endpoint()) ? r.controller : open(r, e);
            if (c == null) {
                tried.add(e.text() + ": cannot connect");
                continue;
            }
            try {
                IdentityProto.GetIdentityResponse id;
                try {
                    id = r.calls.call(c, IdentityGrpc.getGetIdentityMethod(), IdentityProto.GetIdentityRequest.getDefaultInstance(), CallKind.PROBE);
                } catch (CallFailure f) {
                    if (given || f.kind() != FailureKind.UNSUPPORTED) {
                        if (given) {
                            r.add(fail("addons.identity", "csi-addons GetIdentity answers", e.text() + ": " + f.getMessage(), ADDONS_IDENTITY,
                                    "Check that the csi-addons sidecar runs and that this is its socket (ceph-csi: unix:///csi/csi-addons.sock)"));
                            skipAfterIdentity(r, "GetIdentity did not answer");
                            return;
                        }
                    }
                    tried.add(e.text() + ": " + f.kind());
                    continue;
                }
                r.addonsEndpoint = e.text();
                checks(r, c, e, id);
                return;
            } finally {
                if (c != r.controller) c.close();
            }
        }
        r.add(skipped("addons.identity", "csi-addons GetIdentity answers", "no csi-addons service answered (" + String.join("; ", tried)
                + "); give --addons-endpoint when the sidecar has a socket elsewhere", ADDONS_IDENTITY));
        skipAfterIdentity(r, "no csi-addons service answered");
    }

    private static void checks(ProbeRun r, Connection c, Endpoint e, IdentityProto.GetIdentityResponse id) throws InterruptedException {
        String evidence = "'" + id.getName() + "' " + id.getVendorVersion() + " at " + e.text();
        r.facts.put("addons.name", id.getName());
        r.facts.put("addons.version", id.getVendorVersion());
        if (r.plugin != null && !id.getName().isEmpty() && !id.getName().equals(r.plugin.name())) {
            r.add(warn("addons.identity", "csi-addons GetIdentity answers", evidence + "; the CSI driver is '" + r.plugin.name() + "'",
                    ADDONS_IDENTITY, "The sidecar names another driver: it may belong to a different driver on this node. Check "
                            + "which sidecar serves this socket"));
        } else {
            r.add(pass("addons.identity", "csi-addons GetIdentity answers", evidence, ADDONS_IDENTITY));
        }
        try {
            IdentityProto.ProbeResponse p = r.calls.call(c, IdentityGrpc.getProbeMethod(), IdentityProto.ProbeRequest.getDefaultInstance(), CallKind.PROBE);
            if (p.hasReady() && !p.getReady().getValue()) {
                r.add(warn("addons.probe", "csi-addons Probe says ready", "ready: false", ADDONS_IDENTITY,
                        "The sidecar is still initializing; probe again, and read its logs if it stays not ready"));
            } else {
                Readiness ready = Readiness.of(p.hasReady(), true);
                r.add(pass("addons.probe", ready.title("csi-addons Probe"), ready.text(), ADDONS_IDENTITY));
            }
        } catch (CallFailure f) {
            r.add(fail("addons.probe", "csi-addons Probe says ready", f.getMessage(), ADDONS_IDENTITY,
                    "The sidecar reports itself unhealthy; read its logs"));
        }
        Set<AddonsCapability> caps;
        try {
            caps = AddonsClient.capabilitySet(r.calls.call(c, IdentityGrpc.getGetCapabilitiesMethod(),
                    IdentityProto.GetCapabilitiesRequest.getDefaultInstance(), CallKind.PROBE));
        } catch (CallFailure f) {
            r.add(fail("addons.services", "csi-addons services match their capabilities", "GetCapabilities: " + f.getMessage(),
                    ADDONS_IDENTITY, "GetCapabilities is part of the csi-addons identity service; read the sidecar's logs"));
            return;
        }
        r.addonsCapabilities = caps.stream().map(Enum::name).sorted().toList();
        List<String> served = new ArrayList<>();
        List<String> missing = new ArrayList<>();
        Set<String> unchecked = new TreeSet<>();
        for (AddonsCapability a : caps) {
            Boolean answers = switch (a) {
                case NETWORK_FENCE -> listFences(r, c);
                case VOLUME_GROUP, LIST_VOLUME_GROUPS -> answers(r, c, volumegroup.ControllerGrpc.getListVolumeGroupsMethod(),
                        volumegroup.VolumeGroupProto.ListVolumeGroupsRequest.newBuilder().setMaxEntries(1).build());
                case VOLUME_REPLICATION -> answers(r, c, replication.ControllerGrpc.getGetVolumeReplicationInfoMethod(),
                        replication.Replication.GetVolumeReplicationInfoRequest.getDefaultInstance());
                case CONTROLLER_SERVICE, NODE_SERVICE -> null;
                default -> {
                    unchecked.add(a.name());
                    yield null;
                }
            };
            if (answers == null) continue;
            if (answers) served.add(a.name());
            else missing.add(a.name());
        }
        String evidence2 = "advertised " + r.addonsCapabilities + "; served " + served
                + (unchecked.isEmpty() ? "" : "; no read-only call to check " + unchecked);
        if (!missing.isEmpty()) {
            r.add(fail("addons.services", "csi-addons services match their capabilities", evidence2 + "; advertised but answering "
                            + "UNIMPLEMENTED: " + missing, ADDONS_IDENTITY,
                    "The sidecar advertises services it does not serve, so the csi-addons controller's requests for them fail. "
                            + "Use a sidecar and driver made for each other, or report it to the vendor"));
        } else {
            r.add(pass("addons.services", "csi-addons services match their capabilities", evidence2, ADDONS_IDENTITY));
        }
    }

    /**
     * ListClusterFence, kept for the report: the blocks it lists, or the driver's words when it
     * fails ({@link ProbeReport#FENCE_FAILURE}). True when the service answers at all (anything but
     * UNIMPLEMENTED).
     */
    private static boolean listFences(ProbeRun r, Connection c) throws InterruptedException {
        try {
            fence.Fence.ListClusterFenceResponse resp = r.calls.call(c, fence.FenceControllerGrpc.getListClusterFenceMethod(),
                    fence.Fence.ListClusterFenceRequest.getDefaultInstance(), CallKind.READ);
            r.fences = resp.getCidrsList().stream().map(fence.Fence.CIDR::getCidr).toList();
            return true;
        } catch (CallFailure f) {
            r.facts.put(ProbeReport.FENCE_FAILURE, f.getMessage());
            return f.kind() != FailureKind.UNSUPPORTED;
        }
    }

    /** True when the service answers the read-only call at all (anything but UNIMPLEMENTED). */
    private static <Q extends com.google.protobuf.Message, R extends com.google.protobuf.Message> boolean answers(
            ProbeRun r, Connection c, io.grpc.MethodDescriptor<Q, R> m, Q request) throws InterruptedException {
        try {
            r.calls.call(c, m, request, CallKind.READ);
            return true;
        } catch (CallFailure f) {
            return f.kind() != FailureKind.UNSUPPORTED;
        }
    }

    private static Connection open(ProbeRun r, Endpoint e) {
        try {
            return r.options.channels().openLater(e);
        } catch (CallFailure f) {
            return null;
        }
    }

    private static void skipAfterIdentity(ProbeRun r, String why) {
        r.add(skipped("addons.probe", "csi-addons Probe says ready", why, ADDONS_IDENTITY));
        r.add(skipped("addons.services", "csi-addons services match their capabilities", why, ADDONS_IDENTITY));
    }
}
