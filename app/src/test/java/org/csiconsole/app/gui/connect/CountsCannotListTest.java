package org.csiconsole.app.gui.connect;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.oddpeer.MinimalCsiDriver;
import org.csiconsole.core.oddpeer.RbdLikeDriver;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The navigator's counts of drivers that cannot list: one that advertises neither LIST_VOLUMES nor LIST_SNAPSHOTS, one that fails on a listing. */
class CountsCannotListTest {

    @Test
    void volumesAndSnapshotsOfADriverThatCannotListThemAreNotCountedAsZero() throws Exception {
        try (MinimalCsiDriver minimal = new MinimalCsiDriver()) {
            Endpoint ep = minimal.startInProcess("counts-minimal-" + UUID.randomUUID());
            try (CsiClient client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), new CallTrace())) {
                CsiStorage storage = new CsiStorage(client, true);
                ConnectionModel model = new ConnectionModel(ConnectionProfile.demo());
                model.storageProperty().set(storage);

                Counts.refresh(model, storage, Runnable::run).get(60, TimeUnit.SECONDS);

                assertThat(model.count(ResourceKind.VOLUMES).get()).isEqualTo(ConnectionModel.CANNOT_LIST);
                assertThat(model.partial(ResourceKind.VOLUMES).get())
                        .isEqualTo("This driver cannot list volumes (it does not advertise LIST_VOLUMES).");
                assertThat(model.count(ResourceKind.SNAPSHOTS).get()).isEqualTo(ConnectionModel.CANNOT_LIST);
                assertThat(model.partial(ResourceKind.SNAPSHOTS).get()).contains("LIST_SNAPSHOTS");
                assertThat(minimal.calls("ListVolumes")).as("not asked for what it does not advertise").isZero();
            }
        }
    }

    @Test
    void aDriverThatCannotListIsCountedFromTheConsolesRecordAsTheViewsShowItWithTheRecordsNote() throws Exception {
        try (MinimalCsiDriver minimal = new MinimalCsiDriver()) {
            Endpoint ep = minimal.startInProcess("counts-record-" + UUID.randomUUID());
            try (CsiClient client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), new CallTrace())) {
                CsiStorage storage = new CsiStorage(client, true);
                ConnectionModel model = new ConnectionModel(ConnectionProfile.demo());
                model.storageProperty().set(storage);
                org.csiconsole.core.record.ConsoleBook book = org.csiconsole.core.record.ConsoleBook.inMemory(ep.text());
                for (String id : java.util.List.of("vol-1", "vol-2", "vol-3")) {
                    book.record(org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME, id, "", null,
                            org.csiconsole.core.record.RecordOrigin.CREATED, 0, java.util.Map.of(), java.time.Instant.now()));
                }

                Counts.refresh(model, storage, Runnable::run, book).get(60, TimeUnit.SECONDS);

                assertThat(model.count(ResourceKind.VOLUMES).get()).isEqualTo(3);
                assertThat(model.partial(ResourceKind.VOLUMES).get())
                        .isEqualTo(org.csiconsole.core.record.ConsoleBook.cannotList(org.csiconsole.core.record.RecordKind.VOLUME, 3));
                assertThat(model.count(ResourceKind.SNAPSHOTS).get()).as("none recorded: still cannot list").isEqualTo(ConnectionModel.CANNOT_LIST);
                assertThat(minimal.calls("ListVolumes")).isZero();
            }
        }
    }

    @Test
    void aListingTheDriverFailsOnIsCannotListWithTheDriversWords() throws Exception {
        try (RbdLikeDriver rbd = new RbdLikeDriver()) {
            Endpoint ep = rbd.startInProcess("counts-rbd-" + UUID.randomUUID());
            // the driver refuses ListClusterFence without secrets: the connection has them
            CsiClientOptions options = CsiClientOptions.defaults().withSecrets(org.csiconsole.core.model.ConnectionSecrets.all(
                    org.csiconsole.core.model.Secrets.of(java.util.Map.of("userKey", "k"))));
            try (CsiClient client = CsiClient.open(ep, Optional.empty(), options, new CallTrace());
                 AddonsClient addons = AddonsClient.open(ep, options, new CallTrace())) {
                CsiStorage storage = new CsiStorage(client, true, addons);
                ConnectionModel model = new ConnectionModel(ConnectionProfile.demo());
                model.storageProperty().set(storage);

                Counts.refresh(model, storage, Runnable::run).get(60, TimeUnit.SECONDS);

                assertThat(model.count(ResourceKind.FENCES).get()).isEqualTo(ConnectionModel.CANNOT_LIST);
                assertThat(model.partial(ResourceKind.FENCES).get()).startsWith("This driver cannot list fenced networks: ")
                        .contains(RbdLikeDriver.PANIC);
                assertThat(rbd.calls("ListClusterFence")).isEqualTo(1);
            }
        }
    }
}
