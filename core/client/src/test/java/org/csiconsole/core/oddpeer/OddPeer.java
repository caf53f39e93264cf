package org.csiconsole.core.oddpeer;

import io.grpc.BindableService;
import io.grpc.Server;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.csiconsole.core.endpoint.Endpoint;

/**
 * What every odd test peer shares: serving its services in process, and counting the calls it
 * receives per method, so tests can tell a call refused locally (never sent) from one the driver
 * refused.
 */
public abstract class OddPeer implements AutoCloseable {
    private final Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    private Server server;

    /** The gRPC services this peer registers; a service left out answers UNIMPLEMENTED for all its methods. */
    abstract List<BindableService> services();

    /** Serves in process under {@code name}. */
    public Endpoint.InProcess startInProcess(String name) throws IOException {
        InProcessServerBuilder b = InProcessServerBuilder.forName(name);
        services().forEach(b::addService);
        server = b.build().start();
        return new Endpoint.InProcess(name);
    }

    /** Calls received of {@code method} (bare name, e.g. {@code "ListVolumes"}). */
    public int calls(String method) {
        AtomicInteger n = calls.get(method);
        return n == null ? 0 : n.get();
    }

    /** Methods that received at least one call. */
    public Set<String> called() {
        return Set.copyOf(calls.keySet());
    }

    void count(String method) {
        calls.computeIfAbsent(method, k -> new AtomicInteger()).incrementAndGet();
    }

    static <T> void answer(StreamObserver<T> out, T value) {
        out.onNext(value);
        out.onCompleted();
    }

    @Override
    public void close() throws InterruptedException {
        if (server != null) {
            server.shutdownNow();
            server.awaitTermination(5, TimeUnit.SECONDS);
        }
    }
}
