package org.csiconsole.core.reference.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import io.grpc.CallOptions;
import io.grpc.Context;
import io.grpc.MethodDescriptor;
import io.grpc.ServerMethodDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Generated protobuf requests (valid wire, hostile values, see {@link ProtoGen}) at every RPC of
 * the reference plugin's CSI v1.12 services (Identity, Controller, Node, GroupController,
 * SnapshotMetadata) and csi-addons services (identity, replication, reclaimspace, fence,
 * volumegroup, encryptionkeyrotation), in process. A call may fail with any status that names the
 * caller's mistake, never INTERNAL, UNKNOWN or a missed deadline, and the plugin's model stays
 * consistent ({@link PluginInvariants}; CSI and CSP list the same volumes).
 *
 * <p>Tries and seed: {@link FuzzRun}.
 */
class GrpcFuzzTest {
    /** A generated request for one RPC. */
    record FuzzCall(ServerMethodDefinition<?, ?> method, Message request) {
        @Override
        public String toString() {
            String text = TextFormat.shortDebugString(request);
            return method.getMethodDescriptor().getFullMethodName() + " "
                    + (text.length() > 2000 ? text.substring(0, 2000) + "... (" + text.length() + " chars)" : text);
        }
    }

    private FuzzPlugin fuzz;
    private int tries;

    @BeforeEach
    void start() throws IOException {
        fuzz = new FuzzPlugin();
    }

    @AfterEach
    void stop() throws IOException {
        fuzz.close();
    }

    @Test
    void csiIdentityControllerAndGroupControllerRpcsAnswerHostileRequestsWithoutInternalErrors() throws Exception {
        fuzz(s -> s.equals("csi.v1.Identity") || s.equals("csi.v1.Controller") || s.equals("csi.v1.GroupController"));
    }

    @Test
    void csiNodeAndSnapshotMetadataRpcsAnswerHostileRequestsWithoutInternalErrors() throws Exception {
        fuzz(s -> s.equals("csi.v1.Node") || s.equals("csi.v1.SnapshotMetadata"));
    }

    @Test
    void csiAddonsRpcsAnswerHostileRequestsWithoutInternalErrors() throws Exception {
        fuzz(s -> !s.startsWith("csi.v1."));
    }

    private void fuzz(Predicate<String> services) throws Exception {
        List<ServerMethodDefinition<?, ?>> methods = methods(fuzz, services);
        assertThat(methods).isNotEmpty();
        FuzzRun.run((random, i) -> {
            ServerMethodDefinition<?, ?> m = methods.get(random.nextInt(methods.size()));
            Message prototype = (Message) ((MethodDescriptor.PrototypeMarshaller<?>) m.getMethodDescriptor()
                    .getRequestMarshaller()).getMessagePrototype();
            check(new FuzzCall(m, new ProtoGen(random, fuzz.pool()).message(prototype)));
        });
        assertThat(fuzz.violations()).as("plugin state after the run").isEmpty();
    }

    /** Every method of the plugin's services whose name {@code services} accepts. */
    static List<ServerMethodDefinition<?, ?>> methods(FuzzPlugin fuzz, Predicate<String> services) {
        return fuzz.plugin.bindableServices().stream().map(s -> s.bindService())
                .filter(d -> services.test(d.getServiceDescriptor().getName()))
                .flatMap(d -> d.getMethods().stream()).<ServerMethodDefinition<?, ?>>map(m -> m)
                .sorted(java.util.Comparator.comparing(m -> m.getMethodDescriptor().getFullMethodName()))
                .toList();
    }

    private void check(FuzzCall call) {
        Status status = invoke(call);
        assertThat(status.getCode()).as("%s answered %s", call, status)
                .isNotIn(Status.Code.INTERNAL, Status.Code.UNKNOWN, Status.Code.DEADLINE_EXCEEDED);
        assertThat(PluginInvariants.violations(fuzz.model())).as("model after %s", call).isEmpty();
        if (++tries % 100 == 0) fuzz.refreshPool();
        if (tries % 500 == 0) assertThat(fuzz.violations()).as("plugin state after %s", call).isEmpty();
    }

    /** Calls the RPC with the generated request; reads at most 1,000 messages of a stream. */
    @SuppressWarnings("unchecked")
    Status invoke(FuzzCall call) {
        return invoke(fuzz, call.method(), call.request());
    }

    @SuppressWarnings("unchecked")
    static Status invoke(FuzzPlugin fuzz, ServerMethodDefinition<?, ?> definition, Message request) {
        MethodDescriptor<Message, Message> server = (MethodDescriptor<Message, Message>) definition.getMethodDescriptor();
        MethodDescriptor<Message, Message> method = server.toBuilder(ProtoUtils.marshaller(request),
                server.getResponseMarshaller()).build();
        CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS);
        try {
            if (method.getType() == MethodDescriptor.MethodType.UNARY) {
                ClientCalls.blockingUnaryCall(fuzz.channel, method, options, request);
            } else {
                Context.CancellableContext ctx = Context.current().withCancellation();
                try {
                    ctx.run(() -> {
                        Iterator<Message> it = ClientCalls.blockingServerStreamingCall(fuzz.channel, method, options, request);
                        for (int i = 0; i < 1000 && it.hasNext(); i++) it.next();
                    });
                } finally {
                    ctx.cancel(null);
                }
            }
            return Status.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus();
        }
    }
}
