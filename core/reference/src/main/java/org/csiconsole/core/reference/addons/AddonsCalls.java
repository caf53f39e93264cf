package org.csiconsole.core.reference.addons;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ModelException;
import org.csiconsole.core.reference.csi.Rpc;
import org.csiconsole.core.reference.fault.Faults;

import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Shared plumbing of the csi-addons services: required-field checks, the per-volume in-flight guard
 * (ABORTED "Operation pending for volume", csi-addons-replication.md error tables), injected latency,
 * and the mapping of model refusals to gRPC codes. Messages never carry request secrets.
 */
final class AddonsCalls {
    private AddonsCalls() {
    }

    static StatusRuntimeException invalid(String message) {
        return Rpc.invalid(message);
    }

    static StatusRuntimeException failedPrecondition(String message) {
        return Status.FAILED_PRECONDITION.withDescription(message).asRuntimeException();
    }

    static StatusRuntimeException notFound(String message) {
        return Status.NOT_FOUND.withDescription(message).asRuntimeException();
    }

    /** INVALID_ARGUMENT "<field> is required ..." when {@code value} is empty. */
    static String require(String value, String field, String rpc) {
        if (value == null || value.isBlank()) {
            throw invalid(field + " is required in " + rpc + " but was empty. Set " + field + " and retry.");
        }
        return value.trim();
    }

    /**
     * Runs {@code body} for {@code rpc} through {@link Rpc#run}: inside the guard of {@code key} (a
     * concurrent call on the same key gets ABORTED), after the injected latency, replying once.
     */
    static <T> void run(StreamObserver<T> out, Faults faults, String rpc, String key, Supplier<T> body) {
        Rpc.run(out, faults, rpc, key, body);
    }

    /**
     * As {@link #run(StreamObserver, Faults, String, String, Supplier)}, with the key worked out
     * from the request first (a missing or bad id is INVALID_ARGUMENT before anything else).
     */
    static <T> void run(StreamObserver<T> out, Faults faults, String rpc, Supplier<String> keyOf,
                        Function<String, T> body) {
        String key;
        try {
            key = keyOf.get();
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        } catch (ModelException e) {
            out.onError(Rpc.statusOf(e).asRuntimeException());
            return;
        }
        Rpc.run(out, faults, rpc, key, () -> body.apply(key));
    }
}
