package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiRpc;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.storage.CsiStorage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code group-snapshot} and {@code delete-group-snapshot}: CreateVolumeGroupSnapshot and DeleteVolumeGroupSnapshot of
 * the CSI GroupController (spec "Group Controller Service RPC"), of {@link CsiMutations}, as the workbench's Group
 * snapshots view makes them; the delete finds the group as that view lists it and is assessed by core's risk model.
 */
final class GroupSnapshotMutations {
    private GroupSnapshotMutations() {
    }

    @Command(name = "group-snapshot", mixinStandardHelpOptions = true,
            description = {"Snapshot several volumes at one point in time (CreateVolumeGroupSnapshot; needs the group controller "
                    + "capability CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT) and print the group with its member snapshots."})
    static final class CreateCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The create name (idempotency key).")
        String name;

        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "source_volume_ids: a volume to snapshot, repeatable.")
        List<String> volumeIds = new ArrayList<>();

        @Option(names = "--parameter", paramLabel = "KEY=VALUE", description = "A parameter (VolumeGroupSnapshotClass parameter), repeatable.")
        Map<String, String> parameters = new LinkedHashMap<>();

        CreateCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void check() {
            if (name.isBlank()) throw CsiMutations.usage("Read --name", "the name is empty", "Give a name: it makes the request safe to repeat");
            if (volumeIds.stream().anyMatch(String::isBlank)) {
                throw CsiMutations.usage("Read --volume-id", "a volume_id is empty", "Give each member's volume_id");
            }
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            NodeMutations.require(client, CsiRpc.CREATE_VOLUME_GROUP_SNAPSHOT, "CreateVolumeGroupSnapshot " + name);
            GroupSnapshot g = client.groupController().createGroupSnapshot(name.strip(), volumeIds, parameters, secrets).get();
            output().groupSnapshot(g);
        }
    }

    @Command(name = "delete-group-snapshot", mixinStandardHelpOptions = true,
            description = {"Delete a group snapshot with its member snapshots (DeleteVolumeGroupSnapshot).",
                    "Finds the group as the workbench lists it (ListSnapshots by group_snapshot_id, then GetVolumeGroupSnapshot) and "
                            + "prints what core's risk assessment finds. On a terminal, type the group snapshot's name (its id when "
                            + "it has none) to confirm; without a terminal, pass --yes=<name-or-id>."})
    static final class DeleteCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--group-snapshot-id", required = true, paramLabel = "ID", description = "group_snapshot_id of the group snapshot.")
        String groupSnapshotId;

        @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the group snapshot's name or id, exactly.")
        String yes;

        private final RiskConsent risk;

        DeleteCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            if (groupSnapshotId.isBlank()) {
                throw CsiMutations.usage("Read --group-snapshot-id", "the group_snapshot_id is empty", "Give the group_snapshot_id");
            }
            risk.requireTerminalOrYes(RiskOperation.DELETE_GROUP_SNAPSHOT, TargetFacts.of("group snapshot", groupSnapshotId, ""),
                    yes == null ? List.of() : List.of(yes));
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            NodeMutations.require(client, CsiRpc.DELETE_VOLUME_GROUP_SNAPSHOT, "DeleteVolumeGroupSnapshot " + groupSnapshotId);
            Listing<GroupSnapshot> listed = new CsiStorage(client, false).listGroupSnapshots().get();
            GroupSnapshot g = listed.items().stream().filter(x -> x.groupSnapshotId().equals(groupSnapshotId)).findFirst()
                    .orElseThrow(() -> CallFailure.refused("Delete group snapshot " + groupSnapshotId, "no snapshot the driver lists "
                            + "belongs to the group snapshot " + groupSnapshotId + "; nothing was sent",
                            "Give a group_snapshot_id that csi-console snapshots shows in its group column"));
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.DELETE_GROUP_SNAPSHOT, List.of(TargetFacts.ofGroupSnapshot(g)), Instant.now())
                    .sending(Map.of("group_snapshot_id", groupSnapshotId)).on(RiskConsent.connection(env, client)));
            risk.confirm(a, yes == null ? List.of() : List.of(yes), false, spec.commandLine().getErr());
            client.groupController().deleteGroupSnapshot(groupSnapshotId, g.snapshots().stream().map(Snapshot::snapshotId).toList(), secrets).get();
            Map<String, String> ids = new LinkedHashMap<>();
            ids.put("groupSnapshotId", groupSnapshotId);
            output().done(ids, "deleted", "Deleted group snapshot " + (g.name().isEmpty() ? groupSnapshotId : g.name() + " (" + groupSnapshotId + ")")
                    + " with " + org.csiconsole.core.model.Words.count(g.snapshots().size(), "snapshot") + ".");
        }
    }
}
