package org.csiconsole.core.reference.csi;

import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.StreamObserver;
import java.util.function.Supplier;
import org.csiconsole.core.reference.array.ModelException;
import org.csiconsole.core.reference.fault.Faults;

/**
 * Shared plumbing of the reference plugin's gRPC services (CSI here, csi-addons in
 * {@code reference.addons}): error mapping, per-volume guard, injected latency.
 */
public final class Rpc {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(Rpc.class);
    private Rpc() {
    }

    public static <T> void reply(StreamObserver<T> out, T value) {
        out.onNext(value);
        out.onCompleted();
    }

    /** INVALID_ARGUMENT with the given sentence. */
    public static StatusRuntimeException invalid(String message) {
        return Status.INVALID_ARGUMENT.withDescription(message).asRuntimeException();
    }

    /** Throws INVALID_ARGUMENT "<field> is required" when {@code value} is empty. */
    static void require(String value, String field, String rpc) {
        if (value == null || value.isEmpty()) {
            throw invalid(field + " is required in " + rpc + " but was empty. Set " + field + " and retry.");
        }
    }

    /** The gRPC status for a model refusal. */
    public static Status statusOf(ModelException e) {
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
     * Runs {@code body} for {@code rpc} and replies: injected latency first (inside the guard of
     * {@code key} when given, so a concurrent call on the same key gets ABORTED), model refusals
     * mapped to their gRPC codes, unexpected failures to INTERNAL without internals.
     */
    public static <T> void run(StreamObserver<T> out, Faults faults, String rpc, String key, Supplier<T> body) {
        T result;
        try {
            if (key != null && !key.isEmpty()) {
                try (AutoCloseable guard = faults.guard(key)) {
                    faults.delay(rpc);
                    result = body.get();
                }
            } else {
                faults.delay(rpc);
                result = body.get();
            }
        } catch (StatusRuntimeException e) {
            out.onError(e);
            return;
        } catch (ModelException e) {
            out.onError(statusOf(e).asRuntimeException());
            return;
        } catch (Exception e) {
            LOG.error("{} failed unexpectedly", rpc, e);
            out.onError(Status.INTERNAL.withDescription(rpc + " failed inside the reference plugin ("
                    + e.getClass().getSimpleName() + "). See the plugin log.").asRuntimeException());
            return;
        }
        reply(out, result);
    }

}
