package org.csiconsole.core.csp;

import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.SocketEffect;
import okio.Buffer;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.Volume;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.csp.CspTestSupport.*;

/** Error shapes, broken bodies, size caps, timeouts and connection retries, against MockWebServer. */
class CspResponseHandlingTest {
    private final MockWebServer server = new MockWebServer();
    private final CallTrace trace = new CallTrace();

    @BeforeEach
    void start() throws Exception {
        server.start();
        server.enqueue(token("t"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void errorsArrayShapeGivesStatusCodeAndMessage() {
        server.enqueue(json(400, "{\"errors\":[{\"code\":\"Bad Request\",\"message\":\"The request could not be understood by the server. Unexpected argument 'encrypted'.\"}]}"));
        CallFailure f = failure(client(server, trace).volumes().edit("v1", null, java.util.Map.of("encrypted", true)));
        assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(f.why()).contains("HTTP 400", "Unexpected argument 'encrypted'");
        assertThat(f.detail()).contains("CSP code 'Bad Request'");
        assertThat(f.whatToDo()).isNotBlank();
    }

    @Test
    void bareErrorShapeIsReadToo() {
        server.enqueue(json(404, "{\"code\":\"Not Found\",\"message\":\"Volume group with name bob not found.\"}"));
        CallFailure f = failure(client(server, trace).volumeGroups().get("vg-x"));
        assertThat(f.kind()).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(f.why()).contains("Volume group with name bob not found.");
        assertThat(f.detail()).contains("CSP code 'Not Found'");
    }

    @Test
    void notFoundByNameIsAnEmptyResultInBothShapes() {
        server.enqueue(json(404, "{\"code\":\"Not Found\",\"message\":\"Volume group with name bob not found.\"}"));
        server.enqueue(json(404, "{\"errors\":[{\"code\":\"Not Found\",\"message\":\"Volume with name bob not found.\"}]}"));
        CspClient csp = client(server, trace);
        assertThat(csp.volumeGroups().findByName("bob").join()).isEmpty();
        assertThat(csp.volumes().findByName("bob").join()).isEmpty();
    }

    @Test
    void a404WithoutACspErrorPointsAtTheContextPath() {
        server.enqueue(new MockResponse.Builder().code(404).setHeader("Content-Type", "text/html").body("<html><body>Not Found</body></html>").build());
        CallFailure f = failure(client(server, trace).volumes().findByName("bob"));
        assertThat(f.kind()).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(f.why()).contains("HTML page");
        assertThat(f.whatToDo()).contains("context path");
    }

    @Test
    void anEmpty404PointsAtTheContextPath() {
        server.enqueue(new MockResponse.Builder().code(404).build());
        CallFailure f = failure(client(server, trace).volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(f.whatToDo()).contains("context path");
    }

    @Test
    void conflictOnDeleteIsAFailedPrecondition() {
        server.enqueue(json(409, "{\"errors\":[{\"code\":\"Conflict\",\"message\":\"Snapshot my-first-snapshot for volume volume1 has a clone.\"}]}"));
        CallFailure f = failure(client(server, trace).snapshots().delete("s1"));
        assertThat(f.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(f.why()).contains("has a clone");
        assertThat(f.whatToDo()).contains("delete clones");
    }

    @Test
    void proxyHtmlErrorPageIsUnavailableWithWords() {
        server.enqueue(new MockResponse.Builder().code(502).setHeader("Content-Type", "text/html")
                .body("<!DOCTYPE html><html><head><title>502 Bad Gateway</title></head><body>nginx</body></html>").build());
        CallFailure f = failure(client(server, trace).volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(f.why()).contains("HTTP 502", "HTML page");
        assertThat(f.detail()).contains("502 Bad Gateway");
    }

    @Test
    void emptyGatewayErrorsAreUnavailable() {
        for (int status : new int[] {502, 503, 504}) server.enqueue(new MockResponse.Builder().code(status).build());
        CspClient csp = client(server, trace);
        for (int status : new int[] {502, 503, 504}) {
            CallFailure f = failure(csp.volumes().list());
            assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
            assertThat(f.why()).contains("HTTP " + status, "empty body", "proxy");
            assertThat(f.whatToDo()).contains("try again");
        }
    }

    @Test
    void htmlWithStatus200IsAProtocolFailure() {
        server.enqueue(new MockResponse.Builder().code(200).setHeader("Content-Type", "text/html").body("<html>login page</html>").build());
        CallFailure f = failure(client(server, trace).volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("HTML page");
    }

    @Test
    void emptyBodyWhereAnObjectIsExpectedIsAProtocolFailure() {
        server.enqueue(json(200, ""));
        CallFailure f = failure(client(server, trace).volumes().get("v1"));
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("empty body");
    }

    @Test
    void malformedJsonIsAProtocolFailureThatDoesNotQuoteTheBody() {
        server.enqueue(json(200, "{\"id\":\"v1\",\"name\":\"private-name\",\"size\":"));
        CallFailure f = failure(client(server, trace).volumes().get("v1"));
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("malformed or incomplete JSON");
        assertThat(f.describe()).doesNotContain("private-name");
    }

    @Test
    void truncatedBodyIsAProtocolFailureAndNotRetried() {
        String big = "[" + "{\"id\":\"v\",\"name\":\"n\",\"size\":1},".repeat(200) + "{\"id\":\"v\",\"name\":\"n\",\"size\":1}]";
        server.enqueue(new MockResponse.Builder(json(200, big)).onResponseBody(new SocketEffect.CloseSocket()).build());
        CallFailure f = failure(client(server, trace).volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("cut off");
        assertThat(trace.snapshot()).filteredOn(e -> e.method().startsWith("GET")).hasSize(1);
    }

    @Test
    void oversizedBodyWithLengthIsRefusedBeforeReading() {
        server.enqueue(json(200, "[" + " ".repeat(4096) + "]"));
        CallFailure f = failure(client(server, trace, b -> b.maxResponseBytes(1024)).volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("larger than the 1 KiB limit", "declared");
    }

    @Test
    void oversizedChunkedBodyIsCutAtTheCap() {
        Buffer big = new Buffer().writeUtf8("[" + " ".repeat(64 * 1024) + "]");
        server.enqueue(new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json").chunkedBody(big, 1024).build());
        CallFailure f = failure(client(server, trace, b -> b.maxResponseBytes(4096)).volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("larger than the 4 KiB limit");
    }

    @Test
    void slowBodyTimesOut() {
        server.enqueue(new MockResponse.Builder(json(200, "[]")).throttleBody(1, 5, TimeUnit.SECONDS).build());
        CallFailure f = failure(client(server, trace, b -> b.readTimeout(Duration.ofMillis(300))).volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.TIMEOUT);
        assertThat(f.why()).contains("did not answer in time");
    }

    @Test
    void unknownFieldsAreIgnored() {
        server.enqueue(json(200, "[{\"id\":\"v1\",\"name\":\"vol1\",\"size\":1073741824,\"future_field\":{\"x\":[1,2]},"
                + "\"published\":true,\"config\":{\"perfPolicy\":\"default\",\"dedupe\":false}}]"));
        Volume v = client(server, trace).volumes().list().join().get(0);
        assertThat(v.capacityBytes()).isEqualTo(1_073_741_824L);
        assertThat(v.parameters()).containsEntry("perfPolicy", "default").containsEntry("dedupe", "false");
        assertThat(v.properties()).containsEntry("published", "true");
    }

    @Test
    void missingMandatoryFieldIsNamed() {
        server.enqueue(json(200, "[{\"name\":\"vol1\",\"size\":1}]"));
        server.enqueue(json(200, "{\"id\":\"s1\",\"name\":\"snap\"}"));
        server.enqueue(json(200, "{\"id\":\"tok\",\"username\":\"admin\"}"));
        CspClient csp = client(server, trace);
        CallFailure f = failure(csp.volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("Volume lacks the mandatory field 'id'");
        assertThat(failure(csp.snapshots().get("s1")).why()).contains("Snapshot lacks the mandatory field 'volume_id'");
    }

    @Test
    void loginWithoutSessionTokenNamesTheField() {
        server.close();
        MockWebServer other = new MockWebServer();
        try (other) {
            other.start();
            other.enqueue(json(200, "{\"id\":\"tok\",\"username\":\"admin\"}"));
            CallFailure f = failure(client(other, trace).login());
            assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
            assertThat(f.why()).contains("Token lacks the mandatory field 'session_token'");
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }

    @Test
    void wrongFieldTypeIsNamed() {
        server.enqueue(json(200, "{\"id\":\"v1\",\"name\":\"vol1\",\"size\":\"huge\"}"));
        CallFailure f = failure(client(server, trace).volumes().get("v1"));
        assertThat(f.kind()).isEqualTo(FailureKind.PROTOCOL);
        assertThat(f.why()).contains("field 'size'");
    }

    @Test
    void droppedConnectionIsRetriedForGet() {
        server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
        server.enqueue(json(200, "[]"));
        assertThat(client(server, trace).volumes().list().join()).isEmpty();
        assertThat(trace.snapshot()).filteredOn(e -> e.method().startsWith("GET"))
                .extracting(TraceEntry::attempt, TraceEntry::ok).containsExactly(
                        org.assertj.core.groups.Tuple.tuple(1, false), org.assertj.core.groups.Tuple.tuple(2, true));
    }

    @Test
    void pooledConnectionsTheServerClosedWhileIdleAreNotTriedOneByOne() throws Exception {
        // Four reads at once leave four connections in the pool; the server then closes each of them, as
        // a CSP (or the proxy in front of it) closes connections left idle. More stale connections than
        // attempts: the next read used to fail on every one of them ("the connection ... failed").
        for (int i = 0; i < 4; i++) {
            server.enqueue(new MockResponse.Builder(json(200, "[]")).headersDelay(300, TimeUnit.MILLISECONDS)
                    .onResponseEnd(SocketEffect.ShutdownConnection.INSTANCE).build());
        }
        CspClient csp = client(server, trace);
        java.util.List<Thread> readers = new java.util.ArrayList<>();
        for (int i = 0; i < 4; i++) {
            Thread t = new Thread(() -> csp.volumes().list().join());
            t.start();
            readers.add(t);
        }
        for (Thread t : readers) t.join(10_000);
        server.enqueue(json(200, "[{\"id\":\"v1\",\"name\":\"vol1\",\"size\":1024}]"));

        assertThat(csp.volumes().list().join()).extracting(Volume::volumeId).containsExactly("v1");
    }

    @Test
    void aConnectionFailureSaysWhatWentWrongOnTheWire() {
        server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
        CallFailure f = failure(client(server, trace).volumes().create(org.csiconsole.core.csp.NewVolume.of("vol1", "1GiB")));
        assertThat(f.why()).as("the transport's own words, not only 'failed'").matches(".*failed \\(.+\\)");
    }

    @Test
    void droppedConnectionIsNotRetriedForPost() {
        server.enqueue(new MockResponse.Builder().onResponseStart(SocketEffect.ShutdownConnection.INSTANCE).build());
        CallFailure f = failure(client(server, trace).volumes().create(org.csiconsole.core.csp.NewVolume.of("vol1", "1GiB")));
        assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(trace.snapshot()).filteredOn(e -> e.method().startsWith("POST /csp/containers/v1/volumes")).hasSize(1);
    }

    @Test
    void refusedConnectionIsRetriedWithBackoffThenReported() throws Exception {
        int port = server.getPort();
        server.close();
        CspConfig cfg = CspConfig.builder("http://127.0.0.1:" + port, "admin").retryBackoff(Duration.ofMillis(1)).connectRetries(2).build();
        CspClient csp = CspClient.open(cfg, CspPassword.of(PASSWORD.toCharArray()), trace, Runnable::run);
        CallFailure f = failure(csp.login());
        assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(f.why()).contains("cannot connect to http://127.0.0.1:" + port + "/csp");
        assertThat(trace.snapshot()).extracting(TraceEntry::attempt).containsExactly(1, 2, 3);
        assertThat(trace.snapshot()).extracting(TraceEntry::status).containsOnly("UNAVAILABLE");
    }

    @Test
    void everyAttemptIsTracedWithMethodPathStatusAndDuration() {
        server.enqueue(json(200, "[]"));
        client(server, trace).snapshots().list("v 1").join();
        TraceEntry e = trace.snapshot().get(1);
        assertThat(e.protocol()).isEqualTo("http");
        assertThat(e.endpoint()).isEqualTo("http://127.0.0.1:" + server.getPort() + "/csp");
        assertThat(e.method()).isEqualTo("GET /csp/containers/v1/snapshots?volume_id=v%201");
        assertThat(e.status()).isEqualTo("200");
        assertThat(e.ok()).isTrue();
        assertThat(e.duration()).isNotNull().isGreaterThanOrEqualTo(Duration.ZERO);
    }
}
