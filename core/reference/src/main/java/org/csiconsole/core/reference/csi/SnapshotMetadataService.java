package org.csiconsole.core.reference.csi;

import csi.v1.Csi;
import csi.v1.SnapshotMetadataGrpc;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.util.ArrayList;
import java.util.List;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.ModelException;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.fault.Faults;

/**
 * CSI SnapshotMetadata service (spec "Snapshot Metadata Service RPC", v1.12) over simulated
 * blocks: a snapshot's volume is cut into 4 MiB regions, each allocated or not by a deterministic
 * function of the snapshot's block seed and the source volume's used/capacity ratio; consecutive
 * allocated regions form one VARIABLE_LENGTH extent. A delta lists the allocated regions of the
 * target that changed since the base (about one in eight, deterministic).
 *
 * <p>Errors: INVALID_ARGUMENT missing snapshot id, negative max_results, or base and target of
 * different volumes; NOT_FOUND unknown snapshot; OUT_OF_RANGE starting_offset at or beyond the
 * volume size.
 */
public final class SnapshotMetadataService extends SnapshotMetadataGrpc.SnapshotMetadataImplBase {
    /** Simulated region size: 4 MiB. */
    public static final long REGION = 4L << 20;
    private static final int DEFAULT_MAX_RESULTS = 256;
    private static final String SVC = "csi.v1.SnapshotMetadata/";
    private final ArrayModel model;
    private final Faults faults;

    public SnapshotMetadataService(ArrayModel model, Faults faults) {
        this.model = model;
        this.faults = faults;
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private int fillPer65536(SnapshotRecord s) {
        VolumeRecord v = model.volumes().get(s.sourceVolumeId()).orElse(null);
        if (v == null || v.capacityBytes() == 0) {
            return 65536 * 3 / 10;
        }
        return (int) Math.max(655, Math.min(65536, 65536.0 * v.usedBytes() / v.capacityBytes()));
    }

    private boolean allocated(SnapshotRecord s, int fill, long region) {
        return (mix(s.blockSeed() + region * 0x9E3779B97F4A7C15L) & 0xffff) < fill;
    }

    private SnapshotRecord snapshot(String id, String field, String rpc) {
        Rpc.require(id, field, rpc);
        return model.snapshots().get(id).orElseThrow(() -> Status.NOT_FOUND.withDescription("Snapshot " + id
                + " does not exist.").asRuntimeException());
    }

    private interface RegionTest {
        boolean test(long region);
    }

    private static List<Csi.BlockMetadata> extents(long capacity, long startingOffset, RegionTest test) {
        List<Csi.BlockMetadata> out = new ArrayList<>();
        long regions = (capacity + REGION - 1) / REGION;
        long start = -1;
        for (long r = startingOffset / REGION; r <= regions; r++) {
            boolean on = r < regions && test.test(r);
            if (on && start < 0) {
                start = r;
            } else if (!on && start >= 0) {
                long off = start * REGION;
                long end = Math.min(capacity, r * REGION);
                out.add(Csi.BlockMetadata.newBuilder().setByteOffset(off).setSizeBytes(end - off).build());
                start = -1;
            }
        }
        return out;
    }

    private static void checkOffset(long offset, long capacity, int maxResults) {
        if (maxResults < 0) {
            throw Rpc.invalid("max_results must not be negative.");
        }
        // spec.md "GetMetadataAllocated Errors" / "GetMetadataDelta Errors": "Invalid starting_offset |
        // 11 OUT_OF_RANGE | The starting offset is negative or exceeds the volume size."
        if (offset < 0) {
            throw Status.OUT_OF_RANGE.withDescription("starting_offset " + offset
                    + " is negative. Use 0, or the byte after the last range received.").asRuntimeException();
        }
        if (offset >= capacity) {
            throw Status.OUT_OF_RANGE.withDescription("starting_offset " + offset + " is at or beyond the volume size "
                    + capacity + " bytes. Use an offset below the volume size.").asRuntimeException();
        }
    }

    private static <T> void stream(StreamObserver<T> out, List<Csi.BlockMetadata> all, int maxResults,
                                   java.util.function.Function<List<Csi.BlockMetadata>, T> message) {
        int per = maxResults == 0 ? DEFAULT_MAX_RESULTS : maxResults;
        ServerCallStreamObserver<T> call = out instanceof ServerCallStreamObserver<T> s ? s : null;
        if (all.isEmpty()) {
            out.onNext(message.apply(List.of()));
        }
        for (int i = 0; i < all.size(); i += per) {
            if (call != null && call.isCancelled()) {
                return;
            }
            out.onNext(message.apply(all.subList(i, Math.min(all.size(), i + per))));
        }
        out.onCompleted();
    }

    private static void fail(StreamObserver<?> out, RuntimeException e) {
        if (e instanceof StatusRuntimeException) {
            out.onError(e);
        } else if (e instanceof ModelException m) {
            out.onError(Rpc.statusOf(m).asRuntimeException());
        } else {
            out.onError(Status.INTERNAL.withDescription("Snapshot metadata failed inside the reference plugin ("
                    + e.getClass().getSimpleName() + ").").asRuntimeException());
        }
    }

    @Override
    public void getMetadataAllocated(Csi.GetMetadataAllocatedRequest req,
                                     StreamObserver<Csi.GetMetadataAllocatedResponse> out) {
        List<Csi.BlockMetadata> all;
        long capacity;
        try {
            faults.delay(SVC + "GetMetadataAllocated");
            SnapshotRecord s = snapshot(req.getSnapshotId(), "snapshot_id", "GetMetadataAllocated");
            capacity = s.sizeBytes();
            checkOffset(req.getStartingOffset(), capacity, req.getMaxResults());
            int fill = fillPer65536(s);
            all = extents(capacity, req.getStartingOffset(), r -> allocated(s, fill, r));
        } catch (RuntimeException e) {
            fail(out, e);
            return;
        }
        long cap = capacity;
        stream(out, all, req.getMaxResults(), chunk -> Csi.GetMetadataAllocatedResponse.newBuilder()
                .setBlockMetadataType(Csi.BlockMetadataType.VARIABLE_LENGTH).setVolumeCapacityBytes(cap)
                .addAllBlockMetadata(chunk).build());
    }

    @Override
    public void getMetadataDelta(Csi.GetMetadataDeltaRequest req, StreamObserver<Csi.GetMetadataDeltaResponse> out) {
        List<Csi.BlockMetadata> all;
        long capacity;
        try {
            faults.delay(SVC + "GetMetadataDelta");
            SnapshotRecord base = snapshot(req.getBaseSnapshotId(), "base_snapshot_id", "GetMetadataDelta");
            SnapshotRecord target = snapshot(req.getTargetSnapshotId(), "target_snapshot_id", "GetMetadataDelta");
            if (!base.sourceVolumeId().equals(target.sourceVolumeId())) {
                throw Rpc.invalid("Snapshots " + base.id() + " and " + target.id()
                        + " are of different volumes; a delta needs two snapshots of one volume.");
            }
            capacity = target.sizeBytes();
            checkOffset(req.getStartingOffset(), capacity, req.getMaxResults());
            int fill = fillPer65536(target);
            long pair = base.blockSeed() ^ Long.rotateLeft(target.blockSeed(), 17);
            all = extents(capacity, req.getStartingOffset(), r -> allocated(target, fill, r)
                    && (base.id().equals(target.id()) ? false : (mix(pair + r) & 7) == 0));
        } catch (RuntimeException e) {
            fail(out, e);
            return;
        }
        long cap = capacity;
        stream(out, all, req.getMaxResults(), chunk -> Csi.GetMetadataDeltaResponse.newBuilder()
                .setBlockMetadataType(Csi.BlockMetadataType.VARIABLE_LENGTH).setVolumeCapacityBytes(cap)
                .addAllBlockMetadata(chunk).build());
    }
}
