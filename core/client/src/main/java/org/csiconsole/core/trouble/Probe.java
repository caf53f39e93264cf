package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallOrigins;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import pluginregistration.PluginRegistration;
import pluginregistration.RegistrationGrpc;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.skipped;

/**
 * The probe: a check list run against one driver that never changes anything. It sends only
 * {@linkplain ReadOnlyRpcs read-only} RPCs (Identity, Get*, List*, Validate*, NodeGet*), each once (GetPluginInfo
 * twice: the first sets up the connection and is not timed unless it fails)
 * with the probe's deadline and no retry, records them in the given {@link CallTrace} (redacted by
 * schema) and audits nothing. The checks, in order:
 * <ol>
 *   <li>the socket (unix endpoints): path length, type, permissions, listening or stale, holding process;</li>
 *   <li>a kubelet registration socket ({@code <driver>-reg.sock}, or one in {@code plugins_registry}): its GetInfo, as
 *       the kubelet asks it; when it answers, the probe fails {@code registration.not-a-driver} with the driver's
 *       endpoint to probe instead and skips the CSI checks (the registrar serves no CSI);</li>
 *   <li>Identity: GetPluginInfo (name per the spec, vendor_version), Probe, GetPluginCapabilities;</li>
 *   <li>services and capabilities: controller, node and group controller served as advertised;</li>
 *   <li>NodeGetInfo;</li>
 *   <li>ListVolumes and ListSnapshots paging, ids, max_entries, stable counts, volume conditions;</li>
 *   <li>consistency of the advertised capabilities; published node ids against NodeGetInfo;</li>
 *   <li>GetCapacity per topology; NodeGetVolumeStats of the volumes the kubelet published here;</li>
 *   <li>csi-addons Identity, Probe and services;</li>
 *   <li>secrets: a call that carries them refused for its credentials, else (none given) the advertised calls that carry
 *       them ({@link SecretChecks});</li>
 *   <li>latency per RPC against thresholds, and answers after the deadline.</li>
 * </ol>
 * A driver that does not answer GetPluginInfo at all is unreachable: the checks after Identity are
 * SKIPPED and {@link ProbeReport#reachable()} is false.
 */
public final class Probe {
    private Probe() {
    }

    /**
     * Runs a probe on a thread of its own.
     *
     * @param events progress, on the probe's thread: a {@link TroubleEvent.Stage} per group and a
     *     {@link TroubleEvent.CheckDone} per check
     * @return the report; cancelling the future interrupts the probe and cancels its call in flight.
     *     It fails only for a bug (a {@link CallFailure} of the driver ends up in a check, never here)
     */
    public static CompletableFuture<ProbeReport> start(ProbeTarget target, ProbeOptions options, CallTrace trace,
                                                       Consumer<TroubleEvent> events) {
        CompletableFuture<ProbeReport> result = new CompletableFuture<>();
        // the probe's calls are traced to the task that started it
        Thread t = CallOrigins.thread("csi-console probe " + target.endpoint().text(), () -> {
            try {
                result.complete(run(target, options, trace, events));
            } catch (InterruptedException e) {
                result.cancel(false);
            } catch (RuntimeException | Error e) {
                result.completeExceptionally(e);
            }
        });
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) t.interrupt();
        });
        t.start();
        return result;
    }

    /**
     * Runs a probe on the calling thread.
     *
     * @throws InterruptedException when the thread is interrupted; the call in flight is cancelled
     */
    public static ProbeReport run(ProbeTarget target, ProbeOptions options, CallTrace trace, Consumer<TroubleEvent> events)
            throws InterruptedException {
        Objects.requireNonNull(target, "target");
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        ProbeRun r = new ProbeRun(target, options, new ProbeCalls(trace, options), events == null ? e -> { } : events);
        SocketInspection socket = SocketChecks.run(r, target.endpoint());
        // a path known not to be a socket is asked nothing: the socket check already says what it is
        boolean notASocket = socket != null && socket.state() == SocketState.NOT_A_SOCKET;
        boolean reachable = false;
        try {
            r.controller = notASocket ? null : open(r, target.endpoint());
            if (r.controller != null && target.node().isPresent()) r.node = open(r, target.node().get());
            RegistrationInfo registration = r.controller == null ? null : registration(r, target.endpoint());
            if (registration != null) {
                // the registrar serves no CSI: what the admin wants to probe is the driver it names
                reachable = true;
                String instead = registration.address().map(a -> "csi-console probe --endpoint " + a.text()).orElse("");
                skipUnreachable(r, "a kubelet registration socket serves no CSI", instead.isEmpty()
                        ? "a kubelet registration socket serves no CSI" : "a kubelet registration socket serves no CSI: " + instead);
            } else if (r.controller != null) {
                reachable = IdentityChecks.run(r);
                if (reachable) {
                    ProbeRun.checkCancelled();
                    CapabilityChecks.run(r);
                    NodeChecks.info(r);
                    ProbeRun.checkCancelled();
                    ListingChecks.volumes(r);
                    ListingChecks.snapshots(r);
                    CapabilityChecks.consistency(r);
                    NodeChecks.published(r);
                    ProbeRun.checkCancelled();
                    CapacityChecks.run(r);
                    NodeChecks.volumeStats(r);
                    ProbeRun.checkCancelled();
                    AddonsChecks.run(r);
                    SecretChecks.run(r);
                } else {
                    skipUnreachable(r, "no connection to the driver", "the driver did not answer");
                }
            } else if (notASocket) {
                String why = "nothing was sent: " + socket.path() + " is not a socket";
                skipUnreachable(r, why, why);
            } else {
                skipUnreachable(r, "no connection to the driver", "the driver did not answer");
            }
            LatencyChecks.run(r);
        } catch (InterruptedException e) {
            r.add(cancelled(r));
            throw e;
        } finally {
            if (r.node != null) r.node.close();
            if (r.controller != null) r.controller.close();
        }
        return new ProbeReport(target.endpoint().text(), target.node().map(Endpoint::text).orElse(""), r.addonsEndpoint, started,
                Duration.ofNanos(System.nanoTime() - t0), reachable, r.plugin, r.capabilities, r.addonsCapabilities, r.nodeInfo,
                r.volumeCount, r.snapshotCount, r.checks, r.calls.timings(), r.facts, List.copyOf(r.volumes.values()),
                List.copyOf(r.snapshots.values()), r.fences);
    }

    /**
     * Asks a socket named as node-driver-registrar names its registration socket ({@code <driver>-reg.sock}) or found in
     * the kubelet's {@code plugins_registry} for its registration (pluginregistration.Registration/GetInfo), as the kubelet
     * does; when it answers, the check {@code registration.not-a-driver} fails with the driver's endpoint to probe
     * instead. Null (and no check) for any other socket, or when GetInfo does not answer: the CSI checks then say more.
     */
    private static RegistrationInfo registration(ProbeRun r, Endpoint e) throws InterruptedException {
        if (!(e instanceof Endpoint.Unix u)) return null;
        Path p = u.path();
        boolean inRegistry = p.getParent() != null && p.getParent().getFileName() != null
                && p.getParent().getFileName().toString().equals("plugins_registry");
        if (SocketAdvice.driverOfRegistration(p).isEmpty() && !inRegistry) return null;
        r.stage("Asking the registration socket what it registers (GetInfo)");
        PluginRegistration.PluginInfo info;
        try {
            info = r.calls.call(r.controller, RegistrationGrpc.getGetInfoMethod(), PluginRegistration.InfoRequest.getDefaultInstance(),
                    CallKind.PROBE);
        } catch (CallFailure f) {
            return null;
        }
        RegistrationInfo reg = new RegistrationInfo(info.getType(), info.getName(), info.getEndpoint(), info.getSupportedVersionsList());
        String what = "GetInfo answered: type " + reg.type() + ", driver " + reg.name() + ", endpoint " + reg.endpoint()
                + ", supported versions " + String.join(", ", reg.supportedVersions());
        r.add(fail("registration.not-a-driver", "The socket is a CSI driver's endpoint",
                p + " is the kubelet plugin registration socket of " + reg.name() + " (node-driver-registrar), not a CSI endpoint; " + what,
                REGISTRATION, reg.address().map(a -> "Probe the driver it registers: csi-console probe --endpoint " + a.text())
                        .orElse("The registration names no endpoint the console can read (" + reg.endpoint() + "); check the registrar's "
                                + "--kubelet-registration-path")));
        return reg;
    }

    /**
     * What a cancel left unsaid: the call that had not answered when the probe was stopped and how long it had waited,
     * a failure when that is longer than such a call should take (the driver hangs on it); a warning when the probe was
     * stopped between calls or sooner.
     */
    private static CheckResult cancelled(ProbeRun r) {
        String title = "The probe ran to its end";
        ProbeCalls.CutOff c = r.calls.cutOff().orElse(null);
        if (c == null) {
            return Checks.warn(ProbeReport.CANCELLED_CHECK, title, "the probe was cancelled between two calls; the checks above are those that ran",
                    Checks.OWN_RULE, "Probe again and let it finish to see every check");
        }
        String waited = seconds(c.waited());
        String evidence = c.method() + " sent to " + r.target.endpoint().text() + " had not answered after " + waited
                + " when the probe was cancelled (the probe's deadline is " + seconds(r.options.deadline()) + ")";
        if (c.waited().compareTo(c.threshold()) > 0) {
            return Checks.fail(ProbeReport.CANCELLED_CHECK, title, evidence + ": longer than the " + seconds(c.threshold()) + " a " + c.method()
                    + " should take, so the driver hangs on it", Checks.OWN_RULE, "The driver accepts the connection but does not answer "
                    + c.method() + ": look at its log and its container (a restart often clears a hung driver), then probe again; a "
                    + "probe left to run reports the call once the deadline passes");
        }
        return Checks.warn(ProbeReport.CANCELLED_CHECK, title, evidence, Checks.OWN_RULE, "Probe again and let it finish: " + c.method()
                + " may only be slow");
    }

    private static String seconds(Duration d) {
        return String.format(java.util.Locale.ROOT, "%.1f s", d.toMillis() / 1000.0);
    }

    private static Connection open(ProbeRun r, Endpoint e) {
        try {
            return r.options.channels().openLater(e);
        } catch (CallFailure f) {
            r.add(fail("connection", "A connection can be set up", e.text() + ": " + f.getMessage(), Checks.SOCKET, f.whatToDo()));
            return null;
        }
    }

    /** Where a registration socket's GetInfo is specified. */
    private static final String REGISTRATION = "kubelet plugin registration (pluginregistration.v1, node-driver-registrar)";

    private static final List<String[]> AFTER_IDENTITY = List.of(
            new String[] {"capabilities.controller-service", "Controller service matches CONTROLLER_SERVICE"},
            new String[] {"capabilities.node-service", "Node service answers"},
            new String[] {"capabilities.group-controller", "Group controller service matches GROUP_CONTROLLER_SERVICE"},
            new String[] {"node.info", "NodeGetInfo describes the node"},
            new String[] {"list.volumes.paging", "Paging of volumes ends"},
            new String[] {"list.snapshots.paging", "Paging of snapshots ends"},
            new String[] {"capabilities.consistency", "Advertised capabilities are consistent"},
            new String[] {"capacity.topology", "GetCapacity answers for each topology"},
            new String[] {"addons.identity", "csi-addons GetIdentity answers"});

    private static void skipUnreachable(ProbeRun r, String noConnection, String noAnswer) {
        boolean hasPluginInfo = r.checks.stream().anyMatch(c -> c.id().equals("identity.plugin-info"));
        if (!hasPluginInfo) {
            r.add(skipped("identity.plugin-info", "GetPluginInfo answers", noConnection, Checks.PLUGIN_INFO));
        }
        for (String[] c : AFTER_IDENTITY) r.add(skipped(c[0], c[1], noAnswer, Checks.SPEC_CSI));
    }
}
