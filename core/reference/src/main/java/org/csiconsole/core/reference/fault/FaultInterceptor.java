package org.csiconsole.core.reference.fault;

import io.grpc.BindableService;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import java.util.Optional;

/**
 * Fails a call with an injected status before the service sees it (so the call changes nothing).
 * The status description says the failure is injected, e.g. "Injected fault: UNAVAILABLE for
 * csi.v1.Controller/CreateVolume".
 */
public final class FaultInterceptor implements ServerInterceptor {
    private final Faults faults;

    FaultInterceptor(Faults faults) {
        this.faults = faults;
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                      ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getFullMethodName();
        Optional<Status.Code> code = faults.nextError(method);
        if (code.isPresent()) {
            call.close(Status.fromCode(code.get()).withDescription("Injected fault: " + code.get() + " for " + method),
                    new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
        return next.startCall(call, headers);
    }

    /** {@code service} with this interceptor in front of it. */
    public BindableService wrap(BindableService service) {
        return () -> ServerInterceptors.intercept(service, this);
    }
}
