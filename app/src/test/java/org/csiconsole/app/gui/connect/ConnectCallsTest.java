package org.csiconsole.app.gui.connect;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Opening the demo's site-a as a CSP connection costs a handful of requests, not one per volume:
 * the CSP lists snapshots only by volume, so the navigator does not count them at connect.
 */
class ConnectCallsTest {
    @TempDir
    Path dir;

    @Test
    void countingAtConnectSendsNoSnapshotRequestPerVolumeAndLeavesSnapshotsNotCountedYet() throws Exception {
        CallTrace trace = new CallTrace();
        ExecutorService io = Executors.newCachedThreadPool();
        try (ReferencePlugin plugin = ReferencePlugin.builder(dir).seed(Seed.DEMO).start()) {
            String url = plugin.startCsp(0);
            try (CspClient client = CspClient.open(CspConfig.builder(url, "admin").arrayIp("10.10.1.5").build(),
                    CspPassword.of("admin".toCharArray()), trace, io)) {
                CspStorage siteA = new CspStorage(client, "site-a");
                ConnectionModel model = new ConnectionModel(ConnectionProfile.demo());
                model.storageProperty().set(siteA);

                Counts.refresh(model, siteA, Runnable::run).get(60, TimeUnit.SECONDS);

                List<String> requests = trace.snapshot().stream().filter(e -> e.protocol().equals("http"))
                        .map(TraceEntry::method).toList();
                assertThat(model.count(ResourceKind.VOLUMES).get()).isGreaterThan(100);
                assertThat(model.count(ResourceKind.SNAPSHOTS).get()).isEqualTo(ConnectionModel.NOT_COUNTED);
                assertThat(requests).noneMatch(m -> m.contains("/snapshots?volume_id="));
                assertThat(requests).as("login, volumes, volume groups and their snapshot groups, hosts: %s", requests)
                        .hasSizeLessThan(20);
            }
        } finally {
            io.shutdownNow();
        }
    }
}
