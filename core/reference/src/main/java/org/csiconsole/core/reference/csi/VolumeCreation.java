package org.csiconsole.core.reference.csi;

import static org.csiconsole.core.reference.csi.ControllerService.MIB;
import static org.csiconsole.core.reference.csi.CsiMessages.cap;
import static org.csiconsole.core.reference.csi.CsiMessages.checkMutableKeys;
import static org.csiconsole.core.reference.csi.CsiMessages.volumeOf;

import csi.v1.Csi;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.StorageArray;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.reference.csi.CsiMessages.Cap;

/**
 * CSI CreateVolume (spec v1.12 "CreateVolume") over the model: validates the request, answers a
 * repeated create through the volumes aggregate's idempotency rule ({@code Volumes.existingFor},
 * the rule the CSP face applies too), sizes a new volume and picks its site.
 *
 * <p>Sizes: capacity is rounded up to whole MiB; without capacity_range the size is 1 GiB (or the
 * content source's size when larger); a range holding no whole MiB is OUT_OF_RANGE.
 *
 * <p>Placement parameters (the StorageClass parameters the plugin honours): {@code array} names the
 * array (site) to provision on, {@code pool} the pool on it (default: the array's first pool),
 * {@code description} free text. Without {@code array} the site comes from
 * {@code accessibility_requirements} (first preferred, then first requisite segment naming a known
 * array), else the first array.
 */
final class VolumeCreation {
    static final long DEFAULT_BYTES = 1L << 30;

    private final ArrayModel model;

    VolumeCreation(ArrayModel model) {
        this.model = model;
    }

    /**
     * Creates the volume, or returns the existing compatible one of that name.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT missing name/capabilities, mixed
     *         access types, bad content source, a {@code parameters.array} naming no known array;
     *         OUT_OF_RANGE unusable capacity_range; RESOURCE_EXHAUSTED no array serves the
     *         accessibility_requirements, or {@code parameters.array} lies outside its requisite
     * @throws org.csiconsole.core.reference.array.ModelException ALREADY_EXISTS same name,
     *         incompatible arguments; NOT_FOUND source; OUT_OF_RANGE / RESOURCE_EXHAUSTED from the model
     */
    Csi.CreateVolumeResponse create(Csi.CreateVolumeRequest req) {
        Rpc.require(req.getName(), "name", "CreateVolume");
        if (req.getVolumeCapabilitiesCount() == 0) {
            throw Rpc.invalid("volume_capabilities is required in CreateVolume but was empty. Give at least one.");
        }
        List<Cap> caps = req.getVolumeCapabilitiesList().stream().map(c -> cap(c, "CreateVolume")).toList();
        boolean block = caps.get(0).block();
        if (caps.stream().anyMatch(c -> c.block() != block)) {
            throw Rpc.invalid("volume_capabilities mix block and mount access types; a volume has one access type.");
        }
        String fsType = caps.stream().map(Cap::fsType).filter(f -> !f.isEmpty()).findFirst().orElse(block ? "" : "ext4");
        List<String> modes = caps.stream().map(Cap::mode).distinct().sorted().toList();
        long required = req.getCapacityRange().getRequiredBytes();
        long limit = req.getCapacityRange().getLimitBytes();
        if (required < 0 || limit < 0) {
            throw Rpc.invalid("capacity_range bytes must not be negative.");
        }
        if (limit > 0 && required > limit) {
            throw Status.OUT_OF_RANGE.withDescription("capacity_range required_bytes " + required
                    + " is larger than limit_bytes " + limit + ".").asRuntimeException();
        }
        checkMutableKeys(req.getMutableParamsMap(), "CreateVolume");
        String snapSource = req.hasVolumeContentSource() && req.getVolumeContentSource().hasSnapshot()
                ? req.getVolumeContentSource().getSnapshot().getSnapshotId() : null;
        String volSource = req.hasVolumeContentSource() && req.getVolumeContentSource().hasVolume()
                ? req.getVolumeContentSource().getVolume().getVolumeId() : null;
        if (req.hasVolumeContentSource() && snapSource == null && volSource == null) {
            throw Rpc.invalid("volume_content_source is set but names neither a snapshot nor a volume.");
        }
        if ((snapSource != null && snapSource.isEmpty()) || (volSource != null && volSource.isEmpty())) {
            throw Rpc.invalid("volume_content_source has an empty id.");
        }
        String array = arrayParameter(req);
        String pool = req.getParametersMap().get("pool");
        String description = req.getParametersMap().getOrDefault("description", "");
        Optional<VolumeRecord> existing = model.volumes().existingFor(new VolumeSpec(req.getName(), array, pool,
                required, block, fsType, caps.get(0).mountFlags(), modes, req.getParametersMap(),
                req.getMutableParamsMap(), Map.of(), snapSource, volSource, description, required, limit));
        if (existing.isPresent()) {
            return Csi.CreateVolumeResponse.newBuilder().setVolume(volumeOf(existing.get())).build();
        }
        long size;
        if (required > 0) {
            size = (required + MIB - 1) / MIB * MIB;
        } else {
            size = limit > 0 ? Math.min(DEFAULT_BYTES, limit / MIB * MIB) : DEFAULT_BYTES;
        }
        if (size == 0 || (limit > 0 && size > limit)) {
            throw Status.OUT_OF_RANGE.withDescription("capacity_range [" + required + ", " + limit
                    + "] bytes holds no whole MiB; volumes are sized in MiB.").asRuntimeException();
        }
        if (snapSource != null) {
            Optional<SnapshotRecord> s = model.snapshots().get(snapSource);
            if (s.isPresent() && required == 0 && size < s.get().sizeBytes()) {
                size = s.get().sizeBytes();
            }
        } else if (volSource != null) {
            Optional<VolumeRecord> s = model.volumes().get(volSource);
            if (s.isPresent() && required == 0 && size < s.get().capacityBytes()) {
                size = s.get().capacityBytes();
            }
        }
        String site = array != null ? array : chooseSite(req);
        VolumeRecord v = model.volumes().create(new VolumeSpec(req.getName(), array, pool, size, block, fsType,
                caps.get(0).mountFlags(), modes, req.getParametersMap(), req.getMutableParamsMap(),
                site == null ? Map.of() : Map.of(ArrayModel.TOPOLOGY_KEY, site), snapSource, volSource,
                description, required, limit));
        return Csi.CreateVolumeResponse.newBuilder().setVolume(volumeOf(v)).build();
    }

    /**
     * The array {@code parameters.array} names, null when not given.
     *
     * @throws io.grpc.StatusRuntimeException INVALID_ARGUMENT when it is blank or names no known
     *         array (CSI spec, CreateVolume errors: a parameter the plugin cannot use is an invalid
     *         argument); RESOURCE_EXHAUSTED when {@code accessibility_requirements.requisite} is
     *         given and none of its segments is that array's site
     */
    private String arrayParameter(Csi.CreateVolumeRequest req) {
        String array = req.getParametersMap().get("array");
        if (array == null) {
            return null;
        }
        List<String> known = model.arrays().all().stream().map(StorageArray::name).toList();
        if (array.isBlank() || !known.contains(array.strip())) {
            throw Rpc.invalid("parameters.array is \"" + array + "\", which names no array of this plugin. Known arrays: "
                    + String.join(", ", known) + ". Give one of them, or leave array out to let the plugin choose.");
        }
        String name = array.strip();
        List<Csi.Topology> requisite = req.getAccessibilityRequirements().getRequisiteList();
        if (!requisite.isEmpty() && requisite.stream().noneMatch(t -> name.equals(t.getSegmentsMap().get(ArrayModel.TOPOLOGY_KEY)))) {
            throw Status.RESOURCE_EXHAUSTED.withDescription("parameters.array=" + name + " lies outside accessibility_requirements.requisite "
                    + requisite.stream().map(t -> t.getSegmentsMap().toString()).toList() + ": the volume would not be accessible "
                    + "where it is required. Drop the array parameter or require " + ArrayModel.TOPOLOGY_KEY + "=" + name + ".")
                    .asRuntimeException();
        }
        return name;
    }

    /** The site to provision in: first preferred, else first requisite segment naming a known array. */
    private String chooseSite(Csi.CreateVolumeRequest req) {
        if (!req.hasAccessibilityRequirements()) {
            return null;
        }
        var ar = req.getAccessibilityRequirements();
        List<Csi.Topology> order = new ArrayList<>(ar.getPreferredList());
        order.addAll(ar.getRequisiteList());
        if (order.isEmpty()) {
            return null;
        }
        for (Csi.Topology t : order) {
            String site = t.getSegmentsMap().get(ArrayModel.TOPOLOGY_KEY);
            if (site != null && model.arrays().get(site).isPresent()) {
                return site;
            }
        }
        throw Status.RESOURCE_EXHAUSTED.withDescription("No array serves the requested accessibility_requirements. "
                + "Known segments: " + ArrayModel.TOPOLOGY_KEY + "=" + model.arrays().all().stream().map(StorageArray::name).toList()
                + ".").asRuntimeException();
    }
}
