package org.csiconsole.core.storage.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.RetrySettings;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.reference.training.ReferenceTrainingSession;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.trouble.LocalTroubleshooter;
import org.csiconsole.core.trouble.ProbeOptions;

/**
 * A trainee at the console: the ports the workbench's views use (storage, replication, fencing,
 * troubleshooting) on a training session's endpoint, and the step checks a scripted solution asserts.
 * Object ids are looked up by name in the scenario's plugin, as a trainee reads them in the views.
 */
final class Trainee implements AutoCloseable {
    static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");

    final ReferenceTrainingSession session;
    final CallTrace trace = new CallTrace();
    final CsiStorage storage;
    final ReplicationPort replication;
    final LocalTroubleshooter troubleshooter;
    private final CsiClient csi;
    private final AddonsClient addons;

    Trainee(ReferenceTrainingSession session) {
        this.session = session;
        Endpoint endpoint = Endpoint.parse(session.endpoint());
        // no retries: a step's check must see exactly the calls the trainee made
        CsiClientOptions options = CsiClientOptions.defaults().withPolicy(new PolicySettings(Map.of(), RetrySettings.NONE, LockMode.WAIT));
        csi = CsiClient.open(endpoint, Optional.empty(), options, trace);
        addons = AddonsClient.open(endpoint, options, trace);
        storage = new CsiStorage(csi, true, addons);
        replication = storage.replication();
        troubleshooter = new LocalTroubleshooter(trace, CallAudit.none(), ProbeOptions.defaults(), "test");
    }

    static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(30, TimeUnit.SECONDS);
    }

    String volumeId(String name) {
        return session.plugin().model().volumes().byName(name).orElseThrow().id();
    }

    String groupId(String name) {
        return session.plugin().model().groups().byName(name).orElseThrow().id();
    }

    /** The other side of the pair of {@code id}. */
    String peerOf(String id) {
        return session.plugin().model().replications().of(id).orElseThrow().peerId();
    }

    static String staging(String volumeId) {
        return "/var/lib/kubelet/plugins/kubernetes.io/csi/reference.csi-console.org/" + volumeId + "/globalmount";
    }

    static String target(String volumeId) {
        return "/var/lib/kubelet/pods/pod-1/volumes/kubernetes.io~csi/" + volumeId + "/mount";
    }

    /** ControllerPublish, NodeStage and NodePublish of a volume to the scenario's node. */
    void attach(String volumeId) throws Exception {
        Map<String, String> context = await(storage.controllerPublish(volumeId, session.plugin().nodeId(), EXT4, false));
        await(storage.nodeStage(new NodeTarget(volumeId, staging(volumeId), "", EXT4, context, false)));
        await(storage.nodePublish(new NodeTarget(volumeId, staging(volumeId), target(volumeId), EXT4, context, false)));
    }

    void fence(String cidr) throws Exception {
        await(storage.fence(new FenceRequest(List.of(Cidr.parse(cidr)), Map.of(), Secrets.NONE)));
    }

    void unfence(String cidr) throws Exception {
        await(storage.unfence(new FenceRequest(List.of(Cidr.parse(cidr)), Map.of(), Secrets.NONE)));
    }

    void demote(ReplicationSource source) throws Exception {
        await(replication.demote(ReplicationRequest.of(source), null));
    }

    void promote(ReplicationSource source) throws Exception {
        await(replication.promote(ReplicationRequest.of(source), null));
    }

    void forcePromote(ReplicationSource source) throws Exception {
        await(replication.promote(ReplicationRequest.of(source), ForceConfirmation.typed(source, source.id(), source.id())));
    }

    void resync(ReplicationSource source) throws Exception {
        await(replication.resync(ReplicationRequest.of(source), null));
    }

    void probe() throws Exception {
        await(troubleshooter.probe(session.endpoint(), session.stateDir().resolve("node"), null, e -> { }));
    }

    Path saveReport() throws Exception {
        var probe = await(troubleshooter.probe(session.endpoint(), session.stateDir().resolve("node"), null, e -> { }));
        return await(troubleshooter.saveReport(session.reportFolder(), session.endpoint(), null, probe, null, java.util.Set.of()));
    }

    /** Re-checks now and returns the step's entry. */
    StepProgress step(String id) throws Exception {
        TrainingProgress p = await(session.check());
        return p.step(id).orElseThrow();
    }

    /** Asserts {@code id} is the current step and not passed yet. */
    StepProgress pending(String id) throws Exception {
        StepProgress s = step(id);
        assertThat(s.current()).as("%s is the current step", id).isTrue();
        assertThat(s.state()).as("%s: %s", id, s.explanation()).isEqualTo(StepState.PENDING);
        return s;
    }

    /** Asserts {@code id} passed. */
    void passed(String id) throws Exception {
        StepProgress s = step(id);
        assertThat(s.state()).as("%s: %s", id, s.explanation()).isEqualTo(StepState.PASSED);
    }

    @Override
    public void close() {
        csi.close();
        addons.close();
    }
}
