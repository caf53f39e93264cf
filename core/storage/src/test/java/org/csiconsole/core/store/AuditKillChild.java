package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * The console side of {@link AuditSurvivesKillTest}, run in a JVM of its own: creates one volume on
 * the in-process reference plugin with the audit log in {@code args[0]}, prints {@code ACK <volume_id>}
 * once the call's future completed, then waits to be killed.
 */
public final class AuditKillChild {
    private AuditKillChild() {
    }

    public static void main(String[] args) throws Exception {
        Path data = Path.of(args[0]);
        ReferencePlugin plugin = ReferencePlugin.builder(Path.of(args[1])).seed(Seed.EMPTY).start();
        plugin.startInProcess("kill-child");
        SqliteAuditLog log = SqliteAuditLog.open(data);
        CsiClient client = CsiClient.open(new Endpoint.InProcess("kill-child"), Optional.empty(),
                CsiClientOptions.defaults().withAudit(CallAudit.to(log, AuditOrigin.local("kill-test"))), new CallTrace());
        Volume v = client.controller().createVolume(CreateVolumeRequest.of("pvc-acknowledged", 1L << 30,
                VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"))).get(60, TimeUnit.SECONDS);
        System.out.println("ACK " + v.volumeId());
        System.out.flush();
        new CountDownLatch(1).await();
    }
}
