package org.csiconsole.views.resource;

import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.workbench.ResourceChanges;

import org.csiconsole.core.audit.OverrideMarks;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.RiskAssessor;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.TargetFacts;

import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import org.csiconsole.core.session.ConnectionState;

import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.concurrent.Executor;

/**
 * What a storage view model is built from.
 *
 * @param storage the connection's storage port
 * @param actions runs commands with progress, cancel, notification and failure dialog
 * @param ui the UI executor ({@code Platform::runLater} in the application, direct in tests)
 * @param connectionName the connection's name, for titles ("Volumes · Demo")
 * @param changes what the views of the same connection changed (see {@link ResourceChanges})
 * @param known the connection's record (its volumes and snapshots, shown when the driver cannot list them,
 *     the names they were created under, and where the console's own publish, stage and node publish
 *     calls put a volume), shared by the connection's views
 * @param trace the calls this console made, oldest first (the shared call trace's snapshot)
 * @param risk the one risk model every destructive action is assessed by
 * @param overrides where a call sent anyway against the console's refusal is announced, so its audit
 *     record is marked override
 * @param state the connection's state as it changes: destructive actions are disabled while it is not connected
 *     ({@link RiskModel#disabledWhile})
 */
public record ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName,
                          ResourceChanges changes, KnownResources known, Supplier<List<TraceEntry>> trace, RiskAssessor risk,
                          OverrideMarks overrides, ObservableValue<ConnectionState> state) {
    public ViewContext {
        state = state == null ? new SimpleObjectProperty<>(ConnectionState.CONNECTED) : state;
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(actions, "actions");
        Objects.requireNonNull(ui, "ui");
        Objects.requireNonNull(changes, "changes");
        Objects.requireNonNull(known, "known");
        connectionName = connectionName == null ? "" : connectionName;
        trace = trace == null ? List::of : trace;
        risk = risk == null ? new RiskModel() : risk;
        overrides = overrides == null ? new OverrideMarks() : overrides;
    }

    /** A context of a connection that stays connected. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName,
                       ResourceChanges changes, KnownResources known, Supplier<List<TraceEntry>> trace, RiskAssessor risk,
                       OverrideMarks overrides) {
        this(storage, actions, ui, connectionName, changes, known, trace, risk, overrides, null);
    }

    /** A context reading this console's calls from {@code trace}, its overrides marked nowhere. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName,
                       ResourceChanges changes, KnownResources known, Supplier<List<TraceEntry>> trace, RiskAssessor risk) {
        this(storage, actions, ui, connectionName, changes, known, trace, risk, null, null);
    }

    /** A context without this console's call trace (no calls of its own known), assessed by {@link RiskModel}. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName,
                       ResourceChanges changes, KnownResources known) {
        this(storage, actions, ui, connectionName, changes, known, List::of, new RiskModel(), null, null);
    }

    /**
     * The facts of {@code v} for an assessment: where the driver reports it published (when its
     * {@code published_node_ids}, read by {@code readBy}, are the driver's report:
     * {@link TargetFacts#driverReportsPlacements}) and where this console's own calls put it.
     *
     * @param connectedNode the connected node socket's node_id; empty when unknown
     * @param readBy the call {@code v} was read with
     */
    public TargetFacts volumeFacts(Volume v, Features features, String connectedNode, TargetFacts.VolumeRead readBy) {
        return volumeFacts(v, features, connectedNode, readBy, null);
    }

    /**
     * As {@link #volumeFacts(Volume, Features, String, TargetFacts.VolumeRead)}, with what the storage records of
     * {@code v} on each node ({@link StorageService#volumeOnNodes}) as the driver's report
     * ({@link TargetFacts#ofVolume(Volume, boolean, List, List)}).
     *
     * @param nodeRecords the storage's records of {@code v} per node; null when it keeps none or they were not read
     */
    public TargetFacts volumeFacts(Volume v, Features features, String connectedNode, TargetFacts.VolumeRead readBy,
                                   List<org.csiconsole.core.model.VolumeOnNode> nodeRecords) {
        boolean reports = TargetFacts.driverReportsPlacements(features.csi(), features.cspConnected(), readBy);
        // the size the driver reported, when the row is its report; beside it what the record holds (a PV export's figure)
        long driverBytes = org.csiconsole.core.record.RecordedItem.fromRecord(v) ? 0 : v.capacityBytes();
        return TargetFacts.ofVolume(v, reports, known.book().consolePlacements(v.volumeId(), connectedNode), nodeRecords)
                .sized(driverBytes, known.book().find(org.csiconsole.core.record.RecordKind.VOLUME, v.volumeId()).orElse(null));
    }

    /**
     * The nodes {@code v} is published to (ControllerPublishVolume): those the driver reports, then those this
     * console published it to and did not unpublish, in that order, each once.
     */
    public List<String> publishedNodes(Volume v) {
        java.util.LinkedHashSet<String> nodes = new java.util.LinkedHashSet<>(v.publishedNodeIds());
        for (Placement p : known.book().consolePlacements(v.volumeId(), "")) {
            if (p.step() == Placement.Kind.PUBLISHED) nodes.add(p.nodeId());
        }
        return List.copyOf(nodes);
    }

    /**
     * The create name of the content source of {@code source}, as this console knows it: a snapshot or volume
     * it created (CSI ListSnapshots carries no name, so the name it was created with is the only one); empty
     * when not known.
     */
    public String sourceName(org.csiconsole.core.model.VolumeSource source) {
        return switch (source.kind()) {
            case NONE -> "";
            case SNAPSHOT -> known.snapshots().entries().stream().filter(e -> e.id().equals(source.id()))
                    .map(e -> e.resource().name()).findFirst().orElse("");
            case VOLUME -> known.volumes().entries().stream().filter(e -> e.id().equals(source.id()))
                    .map(e -> e.resource().name()).findFirst().orElse("");
        };
    }

    /** A context of one view on its own (as in tests): it shares no changes, and its known resources start empty. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName) {
        this(storage, actions, ui, connectionName, new ResourceChanges(), KnownResources.inSession());
    }

    /** A context sharing {@code changes} with other views, its known resources kept in memory. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName, ResourceChanges changes) {
        this(storage, actions, ui, connectionName, changes, KnownResources.inSession());
    }

    /** A context sharing {@code known} with other views, and no changes. */
    public ViewContext(StorageService storage, ActionRunner actions, Executor ui, String connectionName, KnownResources known) {
        this(storage, actions, ui, connectionName, new ResourceChanges(), known);
    }
}
