package org.csiconsole.core.reference.training;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.grpc.BindableService;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.MethodDescriptor;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.training.TrainingResult;

/**
 * The control service of a served training ({@code csi-console training start}), beside the
 * plugin's CSI and csi-addons services on the same socket, so that {@code training check}, {@code reset},
 * {@code hint}, {@code answer} and {@code result} reach the running session from another process.
 *
 * <p>Service {@value #SERVICE}, unary methods {@code Progress}, {@code Reset}, {@code Hint},
 * {@code Answer} and {@code Result}, with JSON bodies (UTF-8) instead of protobuf messages: a
 * console-to-console channel, no CSI type. Every request names the state directory the caller
 * means; a session in another directory refuses with FAILED_PRECONDITION, so a classroom with
 * several trainings on one machine cannot mix them up.
 */
public final class TrainingControl {
    /** The gRPC service name. */
    public static final String SERVICE = "csiconsole.training.v1.Training";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final MethodDescriptor.Marshaller<String> TEXT = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(String value) {
            return new ByteArrayInputStream(value.getBytes(StandardCharsets.UTF_8));
        }

        @Override
        public String parse(InputStream stream) {
            try {
                return new String(stream.readAllBytes(), StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    };

    private static MethodDescriptor<String, String> method(String name) {
        return MethodDescriptor.<String, String>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
                .setFullMethodName(MethodDescriptor.generateFullMethodName(SERVICE, name))
                .setRequestMarshaller(TEXT).setResponseMarshaller(TEXT).build();
    }

    private static final MethodDescriptor<String, String> PROGRESS = method("Progress");
    private static final MethodDescriptor<String, String> RESET = method("Reset");
    private static final MethodDescriptor<String, String> HINT = method("Hint");
    private static final MethodDescriptor<String, String> ANSWER = method("Answer");
    private static final MethodDescriptor<String, String> RESULT = method("Result");

    private TrainingControl() {
    }

    /** The service for {@code session}, to serve beside its plugin's services. */
    public static BindableService service(ReferenceTrainingSession session) {
        return () -> ServerServiceDefinition.builder(SERVICE)
                .addMethod(PROGRESS, handler(session, (req) -> ResultFiles.json(wait(session.check()))))
                .addMethod(RESET, handler(session, (req) -> ResultFiles.json(wait(session.reset()))))
                .addMethod(HINT, handler(session, (req) -> {
                    Optional<String> hint = wait(session.revealHint(req.path("step").asText()));
                    ObjectNode o = JSON.createObjectNode();
                    o.put("hint", hint.orElse(null));
                    return o.toString();
                }))
                .addMethod(ANSWER, handler(session, (req) -> ResultFiles.json(wait(session.answer(req.path("step").asText(),
                        req.path("text").asText())))))
                .addMethod(RESULT, handler(session, (req) -> {
                    TrainingResult r = session.result(req.path("trainee").asText(""));
                    ObjectNode o = JSON.createObjectNode();
                    o.put("json", ResultFiles.json(r));
                    o.put("html", ResultFiles.html(r, session.scenario()));
                    session.exported();
                    return o.toString();
                }))
                .build();
    }

    private static <T> T wait(java.util.concurrent.CompletableFuture<T> f) {
        try {
            return f.get(60, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Status.CANCELLED.withDescription("interrupted").asRuntimeException();
        } catch (ExecutionException e) {
            Throwable c = e.getCause();
            if (c instanceof IllegalArgumentException) throw Status.INVALID_ARGUMENT.withDescription(c.getMessage()).asRuntimeException();
            throw Status.INTERNAL.withDescription(String.valueOf(c.getMessage())).asRuntimeException();
        } catch (java.util.concurrent.TimeoutException e) {
            throw Status.DEADLINE_EXCEEDED.withDescription("the training did not answer within 60 s").asRuntimeException();
        }
    }

    private static ServerCalls.UnaryMethod<String, String> unary(ReferenceTrainingSession session, Function<JsonNode, String> work) {
        return (request, out) -> {
            try {
                JsonNode req = JSON.readTree(request);
                Path asked = Path.of(req.path("state_dir").asText("")).toAbsolutePath().normalize();
                Path mine = session.stateDir().toAbsolutePath().normalize();
                if (!asked.equals(mine)) {
                    throw Status.FAILED_PRECONDITION.withDescription("The training at this endpoint keeps its state in " + mine
                            + ", not " + asked + ". Give --state-dir " + mine + ", or the endpoint of the training in " + asked + ".")
                            .asRuntimeException();
                }
                out.onNext(work.apply(req));
                out.onCompleted();
            } catch (StatusRuntimeException e) {
                out.onError(e);
            } catch (IOException e) {
                out.onError(Status.INVALID_ARGUMENT.withDescription("The request is not JSON: " + e.getMessage()).asRuntimeException());
            } catch (RuntimeException e) {
                out.onError(Status.INTERNAL.withDescription(e.getMessage()).asRuntimeException());
            }
        };
    }

    private static io.grpc.ServerCallHandler<String, String> handler(ReferenceTrainingSession session, Function<JsonNode, String> work) {
        return ServerCalls.asyncUnaryCall(unary(session, work));
    }

    /** The client side, over a channel to the training's socket. Calls block; each has a 60 s deadline. */
    public static final class Client {
        private final Channel channel;
        private final String stateDir;

        /** @param stateDir the state directory the caller means (checked by the session) */
        public Client(Channel channel, Path stateDir) {
            this.channel = channel;
            this.stateDir = stateDir.toAbsolutePath().normalize().toString();
        }

        private String call(MethodDescriptor<String, String> m, ObjectNode request) {
            request.put("state_dir", stateDir);
            return ClientCalls.blockingUnaryCall(channel, m, CallOptions.DEFAULT.withDeadlineAfter(60, TimeUnit.SECONDS), request.toString());
        }

        /**
         * Re-checks and returns the progress.
         *
         * @throws StatusRuntimeException UNAVAILABLE when nothing serves the socket, UNIMPLEMENTED when it serves no
         *     training, FAILED_PRECONDITION when the training keeps its state elsewhere
         */
        public TrainingProgress progress() throws IOException {
            return ResultFiles.progress(call(PROGRESS, JSON.createObjectNode()));
        }

        /** Resets the scenario to its seed; as {@link #progress()}. */
        public TrainingProgress reset() throws IOException {
            return ResultFiles.progress(call(RESET, JSON.createObjectNode()));
        }

        /** The next hint of {@code step}; empty when all are shown. INVALID_ARGUMENT for an unknown step. */
        public Optional<String> hint(String step) throws IOException {
            ObjectNode r = JSON.createObjectNode();
            r.put("step", step);
            JsonNode o = JSON.readTree(call(HINT, r));
            return o.path("hint").isNull() ? Optional.empty() : Optional.of(o.path("hint").asText());
        }

        /** Answers the question of {@code step}; INVALID_ARGUMENT when it has none or is not current. */
        public TrainingProgress answer(String step, String text) throws IOException {
            ObjectNode r = JSON.createObjectNode();
            r.put("step", step);
            r.put("text", text);
            return ResultFiles.progress(call(ANSWER, r));
        }

        /** The result for {@code trainee}: {@code [json, html]}. */
        public String[] result(String trainee) throws IOException {
            ObjectNode r = JSON.createObjectNode();
            r.put("trainee", trainee);
            JsonNode o = JSON.readTree(call(RESULT, r));
            return new String[] {o.path("json").asText(), o.path("html").asText()};
        }
    }
}
