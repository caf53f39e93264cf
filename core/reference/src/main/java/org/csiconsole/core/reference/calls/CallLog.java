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

    public CallLog(Clock clock) {
        this.clock = clock;
    }

    /** Every call since the last {@link #clear()}, oldest first. */
    public synchronized List<ServedCall> calls() {
        return List.copyOf(calls);
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

    void record(String fullMethod, Object request, Status status) {
        String service = fullMethod.contains("/") ? fullMethod.substring(0, fullMethod.lastIndexOf('/')) : "";
        String method = fullMethod.substring(fullMethod.lastIndexOf('/') + 1);
        Map<String, String> fields = new TreeMap<>();
        if (request instanceof Message m) {
            flatten("", m, fields);
        }
        synchronized (this) {
            calls.add(new ServedCall(calls.size() + 1L, clock.instant(), method, service, fields, status.getCode().name()));
        }
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
            ServerCall<Q, R> logged = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
                @Override
                public void close(Status status, Metadata trailers) {
                    record(method, request[0], status);
                    super.close(status, trailers);
                }
            };
            return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(logged, headers)) {
                @Override
                public void onMessage(Q message) {
                    request[0] = message;
                    super.onMessage(message);
                }
            };
        }
    }
}
