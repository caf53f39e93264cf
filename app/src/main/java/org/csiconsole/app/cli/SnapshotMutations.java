package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/** {@code snapshot} and {@code delete-snapshot}: CreateSnapshot and DeleteSnapshot, of {@link CsiMutations}. */
final class SnapshotMutations {
    private SnapshotMutations() {
    }

    @Command(name = "snapshot", mixinStandardHelpOptions = true,
            description = {"Cut a snapshot of a volume (CreateSnapshot; needs CREATE_DELETE_SNAPSHOT) and print it.",
                    "The name makes the request safe to repeat."})
    static final class SnapshotCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "source_volume_id: the volume to snapshot.")
        String volumeId;

        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The create name (idempotency key), at most 128 bytes.")
        String name;

        @Option(names = "--parameter", paramLabel = "KEY=VALUE", description = "A snapshot parameter (VolumeSnapshotClass parameter), repeatable.")
        Map<String, String> parameters = new LinkedHashMap<>();

        SnapshotCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void check() {
            if (volumeId.isBlank()) throw CsiMutations.usage("Read --volume-id", "the volume_id is empty", "Give the volume_id to snapshot");
            if (name.isBlank()) throw CsiMutations.usage("Read --name", "the name is empty", "Give the snapshot a name, e.g. --name nightly-1");
            int bytes = name.getBytes(StandardCharsets.UTF_8).length;
            if (bytes > VolumeMutations.MAX_NAME_BYTES) {
                throw CsiMutations.usage("Read --name", "the name is " + bytes + " bytes; CSI names are at most "
                        + VolumeMutations.MAX_NAME_BYTES, "Give a shorter name");
            }
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            Snapshot s = client.controller().createSnapshot(volumeId, name, parameters, secrets).get();
            // what CreateSnapshot returned (readiness, size, creation time): a driver that cannot list snapshots reports it nowhere else
            if (record != null) record.book(client.endpoint().text()).record(RecordedItem.created(s, Instant.now()));
            output().snapshot(s);
        }
    }

    @Command(name = "delete-snapshot", mixinStandardHelpOptions = true,
            description = {"Delete a snapshot (DeleteSnapshot; needs CREATE_DELETE_SNAPSHOT). This cannot be undone.",
                    "On a terminal, type the snapshot's name (its snapshot_id when the driver reports no name) to confirm; "
                            + "without a terminal, pass --yes=<name-or-snapshot_id>.",
                    "A snapshot GetSnapshot no longer finds is not deleted again: it is reported already deleted, recorded in the "
                            + "audit log as not sent, and the command exits 2."})
    static final class DeleteSnapshotCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--snapshot-id", required = true, paramLabel = "ID", description = "snapshot_id of the snapshot to delete.")
        String snapshotId;

        @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the snapshot's name or snapshot_id, exactly.")
        String yes;

        private final RiskConsent risk;

        DeleteSnapshotCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            if (snapshotId.isBlank()) throw CsiMutations.usage("Read --snapshot-id", "the snapshot_id is empty", "Give the snapshot_id to delete");
            risk.requireTerminalOrYes(RiskOperation.DELETE_SNAPSHOT, TargetFacts.of("snapshot", snapshotId, ""), yes());
        }

        private List<String> yes() {
            return yes == null ? List.of() : List.of(yes);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            ConsoleBook book = record == null ? ConsoleBook.inMemory(client.endpoint().text()) : record.book(client.endpoint().text());
            // as GetSnapshot reports it, else as the console's record holds it (a driver without GET_SNAPSHOT or LIST_SNAPSHOTS)
            if (client.capabilities().get().has(ControllerCapability.GET_SNAPSHOT)
                    && FoundGone.by(() -> client.controller().getSnapshot(snapshotId, secrets).get())) {
                String name = book.find(RecordKind.SNAPSHOT, snapshotId).map(r -> r.snapshot().name()).filter(n -> !n.isEmpty()).orElse(snapshotId);
                Assessment a = risk.assess(RiskRequest.of(RiskOperation.DELETE_SNAPSHOT, List.of(TargetFacts.of("snapshot", snapshotId,
                        name.equals(snapshotId) ? "" : name)), Instant.now()).on(RiskConsent.connection(env, client)));
                FoundGone.refuse(client, risk, a, snapshotId, name, false, spec.commandLine().getErr());
            }
            Snapshot known = read(client).or(() -> book.find(RecordKind.SNAPSHOT, snapshotId).map(RecordedItem::snapshot))
                    .orElseGet(() -> new Snapshot(snapshotId, "", "", 0, null, false, "", org.csiconsole.core.model.Origin.CSI, null));
            String sourceId = known.sourceVolumeId();
            // the source as ListVolumes reports it: a snapshot whose source is gone is the last copy of its data; a driver that
            // cannot list volumes leaves it to the console's record
            boolean lists = !sourceId.isEmpty() && client.capabilities().get().has(ControllerCapability.LIST_VOLUMES);
            Map<String, String> listed = !lists ? null
                    : VolumeFacts.listed(client, sourceId).map(v -> Map.of(v.volumeId(), v.name())).orElse(Map.of());
            TargetFacts facts = TargetFacts.ofSnapshot(known, listed, book);
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.DELETE_SNAPSHOT, List.of(facts), Instant.now()).on(RiskConsent.connection(env, client)));
            risk.confirm(a, yes(), false, spec.commandLine().getErr());
            client.controller().deleteSnapshot(snapshotId, secrets).get();
            output().done(Map.of("snapshotId", snapshotId), "deleted", "Deleted snapshot " + snapshotId + ".");
        }

        /** The snapshot as GetSnapshot reports it, when the driver advertises GET_SNAPSHOT and it exists. */
        private Optional<Snapshot> read(CsiClient client) throws Exception {
            if (!client.capabilities().get().has(ControllerCapability.GET_SNAPSHOT)) return Optional.empty();
            try {
                return Optional.of(client.controller().getSnapshot(snapshotId, secrets).get());
            } catch (Exception e) {
                CallFailure f = CallFailure.unwrap(e);
                if (f != null && f.kind() == FailureKind.NOT_FOUND) return Optional.empty();
                throw e;
            }
        }
    }
}
