package org.csiconsole.views.volumes;

import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.views.form.Choice;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.placement.NodeReach;
import org.csiconsole.core.placement.PlacementOptions;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.views.resource.Texts;

import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * The forms of volume commands, with their checks, and their conversion to port requests. Checks
 * follow the CSI spec: a name is required (CreateVolume {@code name}, "SHOULD support at least 128
 * characters"), a size is a positive whole number of bytes, block volumes have no file system type,
 * a content source needs the matching capability (CLONE_VOLUME, or snapshots for a snapshot source)
 * and mutable parameters are offered only with MODIFY_VOLUME. The file system is empty by default
 * (the driver's default), with the usual types as suggestions.
 */
public final class VolumeForms {
    /** Longest name accepted, in characters (CSI spec, "Size Limits": names up to 128). */
    public static final int MAX_NAME = 128;

    /**
     * File system types offered as suggestions; none is chosen by default, so a driver that supports
     * none of them is asked for its own default (CSI {@code MountVolume.fs_type} empty).
     */
    static final List<String> FS_TYPES = List.of("ext4", "xfs", "ext3", "btrfs");

    /** The placement "any": no accessibility requirement, the plugin chooses. */
    static final PlacementOptions.Segment ANY = new PlacementOptions.Segment(new Topology(Map.of()), List.of());

    /** Where the console proposes to stage and publish a volume on a node; the volume_id is appended. */
    private static final String STAGING = "/var/lib/csi-console/staging/";
    private static final String PUBLISH = "/var/lib/csi-console/publish/";

    private VolumeForms() {
    }

    /**
     * The create-volume form.
     *
     * @param features what the connection offers (for the source and mutable parameter checks)
     * @param source a prefilled content source ({@link VolumeSource#NONE} for an empty volume)
     * @param sizeBytes a prefilled size in bytes, 0 for the default 1 GiB
     */
    public static Form create(Features features, VolumeSource source, long sizeBytes) {
        return create(features, source, "", sizeBytes);
    }

    /**
     * The create-volume form from {@code source}, its title naming the source by {@code sourceName} beside its
     * id ("New volume from snapshot nightly-1 (snap-0001)"); empty when the name is not known.
     */
    public static Form create(Features features, VolumeSource source, String sourceName, long sizeBytes) {
        boolean clone = source.kind() != VolumeSource.Kind.NONE;
        String from = Texts.source(source, sourceName);
        Form f = new Form(clone ? "New volume from " + Character.toLowerCase(from.charAt(0)) + from.substring(1) : "Create volume",
                "The volume is created with CreateVolume; the name makes the request safe to repeat.", "Create");
        f.addText("name", "Name", "", TextInput.Kind.LINE, "", VolumeForms::checkName);
        f.addText("size", "Size", sizeBytes > 0 ? ByteSize.format(sizeBytes).replace(" ", "") : "1GiB", TextInput.Kind.LINE,
                "A number with a unit: 10GiB, 500G, 1.5TiB, or bytes.", VolumeForms::checkSize);
        // Filled with the known segments once they are read (VolumePlacement); "any" until then.
        f.addChoice("topology", "Accessible from", List.of(ANY), ANY,
                s -> s.topology().segments().isEmpty() ? "Any (the plugin chooses)" : s.describe(), "");
        Choice<AccessType> type = f.addChoice("accessType", "Access type", List.of(AccessType.MOUNT, AccessType.BLOCK),
                AccessType.MOUNT, Texts::enumWords, "");
        f.addChoice("accessMode", "Access mode", Arrays.stream(AccessMode.values()).filter(m -> m != AccessMode.UNKNOWN).toList(),
                AccessMode.SINGLE_NODE_WRITER, Texts::enumWords, "");
        TextInput fsType = f.addText("fsType", "File system", "", TextInput.Kind.LINE,
                "For mount volumes. Empty: the driver's default. The driver decides which types it supports.",
                fs -> type.value().get() == AccessType.BLOCK && !fs.isBlank()
                        ? "A block volume has no file system: clear this field or choose Mount." : "", type.value());
        fsType.suggest(FS_TYPES);
        fsType.enabledWhen(type.value().isEqualTo(AccessType.MOUNT).or(fsType.text().isNotEmpty()));
        f.addText("parameters", "Parameters", "", TextInput.Kind.LINES,
                "One key=value per line, passed to the plugin as is.",
                Form::checkKeyValues).offerKeyValues(Map.of());
        // mutable_parameters need MODIFY_VOLUME (CSI spec, CreateVolume): the field is offered only then.
        if (features.available(Feature.MODIFY_VOLUME)) {
            f.addText("mutableParameters", "Mutable parameters", "", TextInput.Kind.LINES,
                    "key=value lines the plugin may change later (ControllerModifyVolume).", Form::checkKeyValues);
        }
        Choice<VolumeSource.Kind> kind = f.addChoice("sourceKind", "Source", List.of(VolumeSource.Kind.values()), source.kind(),
                k -> switch (k) {
                    case NONE -> "Empty volume";
                    case SNAPSHOT -> "From a snapshot";
                    case VOLUME -> "Clone of a volume";
                }, "");
        TextInput sourceId = f.addText("sourceId", "Source id", source.id(), TextInput.Kind.LINE, "The snapshot id or volume id to copy.", id -> {
            VolumeSource.Kind k = kind.value().get();
            if (k == null || k == VolumeSource.Kind.NONE) return "";
            if (id.isBlank()) return "Give the id of the " + (k == VolumeSource.Kind.SNAPSHOT ? "snapshot" : "volume") + " to copy.";
            Feature needed = k == VolumeSource.Kind.SNAPSHOT ? Feature.CLONE_FROM_SNAPSHOT : Feature.CLONE_VOLUME;
            return features.available(needed) ? "" : features.reason(needed);
        }, kind.value());
        sourceId.enabledWhen(kind.value().isNotEqualTo(VolumeSource.Kind.NONE));
        return f;
    }

    /** The request a valid create form describes. */
    public static VolumeRequest toRequest(Form f) {
        AccessType type = f.<AccessType>choice("accessType").value().get();
        AccessMode mode = f.<AccessMode>choice("accessMode").value().get();
        VolumeCapability cap = type == AccessType.BLOCK ? VolumeCapability.block(mode)
                : VolumeCapability.mount(mode, f.text("fsType").value());
        VolumeSource.Kind kind = f.<VolumeSource.Kind>choice("sourceKind").value().get();
        VolumeSource source = kind == VolumeSource.Kind.NONE ? VolumeSource.NONE : new VolumeSource(kind, f.text("sourceId").value());
        Map<String, String> mutable = f.field("mutableParameters").isPresent()
                ? Form.parseKeyValues(f.text("mutableParameters").text().get()) : Map.of();
        Topology where = f.field("topology").isPresent() ? f.<PlacementOptions.Segment>choice("topology").value().get().topology() : null;
        return new VolumeRequest(f.text("name").value(), ByteSize.parse(f.text("size").value()), List.of(cap),
                Form.parseKeyValues(f.text("parameters").text().get()), mutable, source,
                where == null || where.segments().isEmpty() ? List.of() : List.of(where));
    }

    /** The expand form: a new size larger than {@code currentBytes}. */
    public static Form expand(String volumeName, long currentBytes) {
        Form f = new Form("Expand volume " + volumeName,
                "Now " + Texts.sizeWithBytes(currentBytes) + ". Volumes only grow: the new size must be larger.", "Expand");
        f.addText("size", "New size", "", TextInput.Kind.LINE, "A number with a unit: 20GiB, 1TiB, or bytes.", text -> {
            String e = checkSize(text);
            if (!e.isEmpty()) return e;
            long b = ByteSize.parse(text);
            return b <= currentBytes ? "The new size must be larger than " + Texts.size(currentBytes) + "." : "";
        });
        return f;
    }

    /**
     * The modify form: mutable parameters as key=value lines, at least one.
     *
     * @param current the mutable parameters this console set on the volume, filled in; empty when
     *                none are known (the driver does not report them: csi.proto {@code Volume} has no
     *                {@code mutable_parameters})
     */
    public static Form modify(String volumeName, Map<String, String> current) {
        Form f = new Form("Modify volume " + volumeName,
                "ControllerModifyVolume changes mutable parameters; the plugin decides which keys it accepts. "
                        + (current.isEmpty() ? "The driver does not report the current values; add the keys to change."
                        : "Filled in: the values set from this console (the driver does not report them)."), "Next\u2026");
        f.addKeyValues("mutableParameters", "Mutable parameters", current, List.copyOf(current.keySet()),
                "One row per parameter: exactly these pairs are sent, shown again before anything is sent.",
                m -> m.isEmpty() ? "Add at least one parameter to change."
                        : org.csiconsole.core.risk.RiskModel.emptyParameters(m).isEmpty() ? checkNumbers(m, current)
                        : org.csiconsole.core.risk.RiskModel.emptyParameters(m) + "; give it a value or remove its row.");
        return f;
    }

    /**
     * A value that was a whole number when this console set it must stay one ({@code iops=5000}, not
     * {@code 5000iops=3000}); empty when every such value is a number.
     */
    static String checkNumbers(Map<String, String> values, Map<String, String> before) {
        for (var e : values.entrySet()) {
            String old = before.get(e.getKey());
            if (old != null && old.strip().matches("\\d+") && !e.getValue().matches("\\d+")) {
                return e.getKey() + " was the whole number " + old + "; give a whole number, e.g. " + e.getKey() + "=" + old + ".";
            }
        }
        return "";
    }

    /**
     * ControllerPublishVolume: {@code nodeId}, {@code accessMode}, {@code readonly}. The node id is
     * free text with the known nodes offered, those that reach the volume's topology first (see
     * {@link NodeReach#order}); it is prefilled with the first node unless its topology does not match.
     */
    static Form controllerPublish(Volume v, List<NodeReach.NodeChoice> knownNodes) {
        Form f = new Form("Publish " + v.displayName() + " to a node",
                "ControllerPublishVolume makes the volume available on the node; the node then stages and publishes it.", "Publish");
        String first = knownNodes.isEmpty() || knownNodes.get(0).reach() == NodeReach.Reach.NO_MATCH ? "" : knownNodes.get(0).nodeId();
        Map<String, String> described = new java.util.LinkedHashMap<>();
        knownNodes.forEach(c -> described.put(c.nodeId(), c.describe()));
        f.addText("nodeId", "Node id", first, TextInput.Kind.LINE,
                knownNodes.isEmpty() ? "The node_id from NodeGetInfo." : "Known nodes, those that reach the volume's topology first; "
                        + "or type a node_id from NodeGetInfo.",
                id -> id.isBlank() ? "Give the node_id to publish to." : "")
                .suggest(List.copyOf(described.keySet()), id -> described.getOrDefault(id, id));
        addAccessMode(f, v);
        addReadonly(f);
        return f;
    }

    /** ControllerUnpublishVolume: {@code nodeId}, one of the nodes the volume is published to (there must be one). */
    static Form controllerUnpublish(Volume v, List<String> nodes) {
        Form f = new Form("Unpublish " + v.displayName() + " from a node",
                "ControllerUnpublishVolume takes the volume away from the node; the node must have unpublished and unstaged it first.",
                "Next\u2026");
        f.addChoice("nodeId", "Node", nodes, nodes.get(0), s -> s,
                "The nodes the driver reports it published to, then those this console published it to.");
        return f;
    }

    /** NodeStageVolume: {@code path} (the staging path) and {@code accessMode}. */
    static Form nodeStage(Volume v) {
        Form f = new Form("Stage " + v.displayName() + " on this node",
                "NodeStageVolume attaches the volume to the node at a staging path.", "Stage");
        f.addText("path", "Staging path", STAGING + v.volumeId(), TextInput.Kind.LINE, "", VolumeForms::checkPath);
        addAccessMode(f, v);
        return f;
    }

    /**
     * NodePublishVolume: {@code staging} (empty when the node does not stage), {@code path} (the
     * target path), {@code accessMode} and {@code readonly}.
     */
    static Form nodePublish(Volume v, boolean nodeStages) {
        Form f = new Form("Publish " + v.displayName() + " on this node",
                "NodePublishVolume makes the volume available at a target path.", "Publish");
        f.addText("staging", "Staging path", nodeStages ? STAGING + v.volumeId() : "", TextInput.Kind.LINE,
                nodeStages ? "Where it was staged." : "The node does not stage; leave empty.", s -> nodeStages ? checkPath(s) : "");
        f.addText("path", "Target path", PUBLISH + v.volumeId(), TextInput.Kind.LINE, "", VolumeForms::checkPath);
        addAccessMode(f, v);
        addReadonly(f);
        return f;
    }

    /** NodeUnpublishVolume: {@code path}, the target path. */
    static Form nodeUnpublish(Volume v) {
        Form f = new Form("Unpublish " + v.displayName() + " on this node",
                "NodeUnpublishVolume removes the volume from the target path.", "Unpublish");
        f.addText("path", "Target path", PUBLISH + v.volumeId(), TextInput.Kind.LINE, "", VolumeForms::checkPath);
        return f;
    }

    /**
     * NodeExpandVolume: {@code path} (the volume_path, a target path it is published at) and {@code staging}
     * (its staging path; empty when the node does not stage).
     */
    static Form nodeExpand(Volume v) {
        Form f = new Form("Expand " + v.displayName() + " on this node",
                "NodeExpandVolume grows the file system to the capacity ControllerExpandVolume gave the volume ("
                        + (v.capacityBytes() > 0 ? ByteSize.format(v.capacityBytes()) : "as the driver reports it") + ").", "Next\u2026");
        f.addText("path", "Target path", PUBLISH + v.volumeId(), TextInput.Kind.LINE, "Where it is published on this node.", VolumeForms::checkPath);
        f.addText("staging", "Staging path", "", TextInput.Kind.LINE, "Where it is staged; empty when the node does not stage.",
                s -> s.isBlank() ? "" : checkPath(s));
        return f;
    }

    /** NodeUnstageVolume: {@code path}, the staging path. */
    static Form nodeUnstage(Volume v) {
        Form f = new Form("Unstage " + v.displayName() + " on this node",
                "NodeUnstageVolume detaches the volume from the staging path.", "Unstage");
        f.addText("path", "Staging path", STAGING + v.volumeId(), TextInput.Kind.LINE, "", VolumeForms::checkPath);
        return f;
    }

    /** CSP publish: {@code host} (one of {@code hosts}, not empty) and {@code protocol}, prefilled with the host's own. */
    static Form cspPublish(Volume v, List<Host> hosts) {
        Form f = new Form("Publish " + v.displayName() + " to a host", "The CSP presents the volume to the host's initiators.", "Publish");
        addHost(f, hosts);
        AccessProtocol initial = hosts.get(0).accessProtocol() == null ? AccessProtocol.ISCSI : hosts.get(0).accessProtocol();
        f.addChoice("protocol", "Protocol", List.of(AccessProtocol.values()), initial, p -> switch (p) {
            case ISCSI -> "iSCSI";
            case FC -> "Fibre Channel";
            case NVME_TCP -> "NVMe/TCP";
        }, "");
        return f;
    }

    /** CSP unpublish: {@code host}, one of {@code hosts} (not empty). */
    static Form cspUnpublish(Volume v, List<Host> hosts) {
        Form f = new Form("Unpublish " + v.displayName() + " from a host", "The CSP stops presenting the volume to the host.", "Unpublish");
        addHost(f, hosts);
        return f;
    }

    /**
     * ValidateVolumeCapabilities: {@code accessType}, {@code accessMode} and {@code fsType} of the one
     * capability to check, prefilled with the volume's own first capability when it reports one
     * (mount, single node writer, no file system otherwise).
     */
    static Form validate(Volume v) {
        Form f = new Form("Validate capabilities of " + v.displayName(),
                "ValidateVolumeCapabilities asks the driver whether the volume supports this capability. It changes nothing.",
                "Validate");
        VolumeCapability own = v.capabilities().isEmpty() ? null : v.capabilities().get(0);
        AccessType ownType = own == null || own.accessType() == AccessType.UNKNOWN ? AccessType.MOUNT : own.accessType();
        Choice<AccessType> type = f.addChoice("accessType", "Access type", List.of(AccessType.MOUNT, AccessType.BLOCK),
                ownType, Texts::enumWords, "");
        addAccessMode(f, v);
        TextInput fsType = f.addText("fsType", "File system", own == null ? "" : own.fsType(), TextInput.Kind.LINE,
                "For mount volumes. Empty: any file system the driver would choose.",
                fs -> type.value().get() == AccessType.BLOCK && !fs.isBlank()
                        ? "A block volume has no file system: clear this field or choose Mount." : "", type.value());
        fsType.suggest(FS_TYPES);
        fsType.enabledWhen(type.value().isEqualTo(AccessType.MOUNT).or(fsType.text().isNotEmpty()));
        return f;
    }

    /**
     * The capability a valid {@link #validate} form describes; a mount capability keeps the volume's
     * own mount flags when the volume is a mount volume.
     */
    static VolumeCapability validated(Form f, Volume v) {
        AccessType type = f.<AccessType>choice("accessType").value().get();
        AccessMode mode = f.<AccessMode>choice("accessMode").value().get();
        if (type == AccessType.BLOCK) return VolumeCapability.block(mode);
        VolumeCapability own = v.capabilities().isEmpty() ? null : v.capabilities().get(0);
        List<String> flags = own != null && own.accessType() == AccessType.MOUNT ? own.mountFlags() : List.of();
        return new VolumeCapability(AccessType.MOUNT, mode, f.text("fsType").value(), flags);
    }

    /**
     * The capability to send for {@code v} with the access mode chosen in {@code f}: the volume's own
     * access type, file system and mount flags (mount when it reports none).
     */
    static VolumeCapability capability(Form f, Volume v) {
        AccessMode mode = f.<AccessMode>choice("accessMode").value().get();
        if (v.capabilities().isEmpty()) return VolumeCapability.mount(mode, "");
        VolumeCapability c = v.capabilities().get(0);
        AccessType type = c.accessType() == AccessType.UNKNOWN ? AccessType.MOUNT : c.accessType();
        return new VolumeCapability(type, mode, c.fsType(), c.mountFlags());
    }

    private static void addAccessMode(Form f, Volume v) {
        AccessMode initial = v.capabilities().isEmpty() ? AccessMode.SINGLE_NODE_WRITER : v.capabilities().get(0).accessMode();
        f.addChoice("accessMode", "Access mode", Arrays.stream(AccessMode.values()).filter(m -> m != AccessMode.UNKNOWN).toList(),
                initial, Texts::enumWords, "");
    }

    private static void addReadonly(Form f) {
        f.addChoice("readonly", "Read only", List.of(false, true), false, Texts::yesNo, "");
    }

    private static void addHost(Form f, List<Host> hosts) {
        f.addChoice("host", "Host", hosts, hosts.get(0), h -> h.name().isEmpty() ? h.id() : h.name(), "");
    }

    static String checkPath(String path) {
        if (path.isBlank()) return "Give an absolute path on the node.";
        return path.strip().startsWith("/") ? "" : "The path must be absolute (start with /).";
    }

    static String checkName(String name) {
        String n = name == null ? "" : name.strip();
        if (n.isEmpty()) return "A name is required: CreateVolume uses it to make the request safe to repeat.";
        if (n.length() > MAX_NAME) return "The name has " + n.length() + " characters; use at most " + MAX_NAME + ".";
        if (n.chars().anyMatch(Character::isWhitespace)) return "The name contains a space; use letters, digits, '-' or '.'.";
        return "";
    }

    static String checkSize(String text) {
        try {
            long b = ByteSize.parse(text);
            return b <= 0 ? "The size must be larger than 0 bytes." : "";
        } catch (IllegalArgumentException e) {
            return e.getMessage() + ".";
        }
    }
}
