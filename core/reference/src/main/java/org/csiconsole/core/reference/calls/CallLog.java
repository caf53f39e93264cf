package org.csiconsole.core.reference.calls;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import io.grpc.BindableService;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.csiconsole.core.call.Redactor;

/**
 * The calls a reference plugin served, in the order they ended, in memory, with listeners told of
 * each new entry. Read methods ({@code Get*}, {@code List*}, {@code Probe}, ...) are logged too: a
 * "how" check may ask whether the trainee looked before acting. Secret fields never enter the log
 * (they are left out by the descriptors' {@code csi_secret} options).
 *
 * <p>Thread-safe. {@link #clear()} empties it (a training reset).
 */
public final class CallLog {
    private final Clock clock;
    private final Redactor redactor = new Redactor();
    private final List<ServedCall> calls = new ArrayList<>();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private final ServerInterceptor interceptor = new Interceptor();
    private final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();

    public CallLog(Clock clock) {
        this.clock = clock;
    }

    /** Every call since the last {@link #clear()}, oldest first. */
    public synchronized List<ServedCall> calls() {
        return List.copyOf(calls);
    }

    /**
     * How many calls have started and not ended yet. A call's effect on the model is committed before
     * it ends, and it is logged when it ends: a checker that sees a change while a call is in flight
     * waits for the call's entry (its listeners are told then) before judging how the change was made.
     */
    public int inFlight() {
        return inFlight.get();
    }

    /** Forgets every call. Listeners are told. */
    public void clear() {
        synchronized (this) {
            calls.clear();
        }
        listeners.forEach(Runnable::run);
    }

    /** Calls {@code listener} after each call is logged (on the gRPC thread that served it); closing the handle removes it. */
    public AutoCloseable addListener(Runnable listener) {
        listeners.add(listener);
        return () -> listeners.remove(listener);
    }

    /** {@code service} with the logging interceptor in front of it. */
    public BindableService wrap(BindableService service) {
        return () -> ServerInterceptors.intercept(service, interceptor);
    }

    /** Logs an ended call, then counts it out of the calls in flight, then tells the listeners. */
    private void record(String fullMethod, Object request, Status status) {
        String service = fullMethod.contains("/") ? fullMethod.substring(0, fullMethod.lastIndexOf('/')) : "";
        String method = fullMethod.substring(fullMethod.lastIndexOf('/') + 1);
        Map<String, String> fields = new TreeMap<>();
        if (request instanceof Message m) {
            flatten("", m, fields);
        }
        synchronized (this) {
            calls.add(new ServedCall(calls.size() + 1L, clock.instant(), method, service, fields, status.getCode().name()));
        }
        inFlight.decrementAndGet();
        listeners.forEach(Runnable::run);
    }

    /** Scalar fields by dotted path ({@code replication_source.volumegroup.volume_group_id}); secrets, maps and lists left out. */
    private void flatten(String prefix, Message m, Map<String, String> out) {
        for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            if (f.isRepeated() || f.isMapField() || redactor.isSecret(f)) {
                continue;
            }
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                flatten(prefix + f.getName() + ".", (Message) e.getValue(), out);
            } else {
                out.put(prefix + f.getName(), String.valueOf(e.getValue()));
            }
        }
    }

    private final class Interceptor implements ServerInterceptor {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
            String method = call.getMethodDescriptor().getFullMethodName();
            Object[] request = new Object[1];
            java.util.concurrent.atomic.AtomicBoolean ended = new java.util.concurrent.atomic.AtomicBoolean();
            inFlight.incrementAndGet();
            ServerCall<Q, R> logged = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
                @Override
                public void close(Status status, Metadata trailers) {
                    if (ended.compareAndSet(false, true)) record(method, request[0], status);
                    super.close(status, trailers);
                }
            };
            try {
                return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(logged, headers)) {
                    @Override
                    public void onMessage(Q message) {
                        request[0] = message;
                        super.onMessage(message);
                    }

                    @Override
                    public void onCancel() {
                        if (ended.compareAndSet(false, true)) record(method, request[0], Status.CANCELLED);
                        super.onCancel();
                    }
                };
            } catch (RuntimeException e) {
                if (ended.compareAndSet(false, true)) inFlight.decrementAndGet();
                throw e;
            }
        }
    }
}
