package org.csiconsole.core.reference.addons;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ModelException;
import org.csiconsole.core.reference.fault.Faults;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.function.Supplier;

/**
 * Shared plumbing of the csi-addons services: required-field checks, the per-volume in-flight guard
 * (ABORTED "Operation pending for volume", csi-addons-replication.md error tables), injected latency,
 * and the mapping of model refusals to gRPC codes. Messages never carry request secrets.
 */
final class AddonsCalls {
    private static final Logger LOG = LoggerFactory.getLogger(AddonsCalls.class);

    private AddonsCalls() {
    }

    static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
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

    static Status statusOf(ModelException e) {
        Status s = switch (e.kind()) {
            case INVALID_ARGUMENT -> Status.INVALID_ARGUMENT;
            case NOT_FOUND -> Status.NOT_FOUND;
            case ALREADY_EXISTS -> Status.ALREADY_EXISTS;
            case FAILED_PRECONDITION -> Status.FAILED_PRECONDITION;
            case OUT_OF_RANGE -> Status.OUT_OF_RANGE;
            case RESOURCE_EXHAUSTED -> Status.RESOURCE_EXHAUSTED;
            case BUSY -> Status.ABORTED;
            case UNAVAILABLE -> Status.UNAVAILABLE;
            case UNSUPPORTED -> Status.UNIMPLEMENTED;
            default -> Status.INTERNAL;
        };
        return s.withDescription(e.getMessage());
    }

    /**
     * Runs {@code body} for {@code rpc} inside the guard of {@code key} (a concurrent call on the
     * same key gets ABORTED) after the injected latency, and replies once.
     */
    static <T> void run(StreamObserver<T> out, Faults faults, String rpc, String key, Supplier<T> body) {
        run(out, faults, rpc, () -> key, k -> body.get());
    }

    /**
     * As {@link #run(StreamObserver, Faults, String, String, Supplier)}, with the key worked out
     * from the request first (a missing or bad id is INVALID_ARGUMENT before anything else).
     */
    static <T> void run(StreamObserver<T> out, Faults faults, String rpc, Supplier<String> keyOf,
                        java.util.function.Function<String, T> body) {
        T result;
        try {
            String key = keyOf.get();
            if (key != null) {
                try (AutoCloseable guard = faults.guard(key)) {
                    faults.delay(rpc);
                    result = body.apply(key);
                }
            } else {
                faults.delay(rpc);
                result = body.apply(null);
            }
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        } catch (ModelException e) {
            out.onError(statusOf(e).asRuntimeException());
            return;
        } catch (Exception e) {
            LOG.warn("{} failed inside the reference plugin", rpc, e);
            out.onError(Status.UNKNOWN.withDescription(rpc + " failed inside the reference plugin ("
                    + e.getClass().getSimpleName() + "). See the plugin log.").asRuntimeException());
            return;
        }
        out.onNext(result);
        out.onCompleted();
    }
}
