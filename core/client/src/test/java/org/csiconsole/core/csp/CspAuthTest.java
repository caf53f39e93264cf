package org.csiconsole.core.csp;

import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.testing.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.csp.CspTestSupport.*;

class CspAuthTest {
    private static final String VOLUMES = "[{\"id\":\"v1\",\"name\":\"vol1\",\"size\":1073741824}]";

    private final MockWebServer server = new MockWebServer();
    private final CallTrace trace = new CallTrace();

    @BeforeEach
    void start() throws Exception {
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void logsInThenSendsTokenAndArrayIpOnEveryRequest() throws Exception {
        server.enqueue(token("t-1"));
        server.enqueue(json(200, VOLUMES));
        server.enqueue(json(200, VOLUMES));
        server.enqueue(noContent());
        try (CspClient csp = client(server, trace, b -> b.arrayIp("10.10.10.1"))) {
            assertThat(csp.volumes().list().join()).extracting(Volume::volumeId).containsExactly("v1");
            csp.volumes().list().join();
            assertThat(csp.session()).get().extracting(CspSessionInfo::tokenId).isEqualTo("tok-t-1");
        }
        RecordedRequest login = take(server);
        assertThat(login.getMethod()).isEqualTo("POST");
        assertThat(login.getUrl().encodedPath()).isEqualTo("/csp/containers/v1/tokens");
        assertThat(body(login)).contains("\"username\":\"admin\"", "\"password\":\"" + PASSWORD + "\"", "\"array_ip\":\"10.10.10.1\"");
        assertThat(login.getHeaders().get("x-auth-token")).isNull();
        for (int i = 0; i < 2; i++) {
            RecordedRequest get = take(server);
            assertThat(get.getUrl().encodedPath()).isEqualTo("/csp/containers/v1/volumes");
            assertThat(get.getHeaders().get("x-auth-token")).isEqualTo("t-1");
            assertThat(get.getHeaders().get("x-array-ip")).isEqualTo("10.10.10.1");
        }
        RecordedRequest logout = take(server);
        assertThat(logout.getMethod()).isEqualTo("DELETE");
        assertThat(logout.getUrl().encodedPath()).isEqualTo("/csp/containers/v1/tokens/tok-t-1");
        assertThat(logout.getHeaders().get("x-auth-token")).isEqualTo("t-1");
    }

    @Test
    void on401LogsInAgainOnceAndRetriesOnce() throws Exception {
        server.enqueue(token("old"));
        server.enqueue(json(401, "{\"errors\":[{\"code\":\"Unauthorized\",\"message\":\"token expired\"}]}"));
        server.enqueue(token("new"));
        server.enqueue(json(200, VOLUMES));
        CspClient csp = client(server, trace);
        assertThat(csp.volumes().list().join()).hasSize(1);
        assertThat(server.getRequestCount()).isEqualTo(4);
        take(server);
        assertThat(take(server).getHeaders().get("x-auth-token")).isEqualTo("old");
        assertThat(take(server).getUrl().encodedPath()).endsWith("/tokens");
        assertThat(take(server).getHeaders().get("x-auth-token")).isEqualTo("new");
    }

    @Test
    void a401AfterTheFreshLoginIsAnAuthenticationFailureNotALoop() {
        server.setDispatcher(new Dispatcher() {
            final AtomicInteger n = new AtomicInteger();

            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (request.getUrl().encodedPath().endsWith("/tokens")) return token("t" + n.incrementAndGet());
                return json(401, "{\"code\":\"Unauthorized\",\"message\":\"no\"}");
            }
        });
        CspClient csp = client(server, trace);
        CallFailure f = failure(csp.volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.AUTHENTICATION);
        assertThat(f.why()).contains("even right after a fresh login");
        assertThat(server.getRequestCount()).as("login, request, one re-login, one retry").isEqualTo(4);
        assertThat(trace.snapshot()).extracting(TraceEntry::method).containsExactly(
                "POST /csp/containers/v1/tokens", "GET /csp/containers/v1/volumes",
                "POST /csp/containers/v1/tokens", "GET /csp/containers/v1/volumes");
    }

    @Test
    void refusedPasswordFailsLoginWithoutRetrying() {
        server.enqueue(json(401, "{\"errors\":[{\"code\":\"Unauthorized\",\"message\":\"Invalid username and/or password\"}]}"));
        CspClient csp = client(server, trace);
        CallFailure f = failure(csp.login());
        assertThat(f.kind()).isEqualTo(FailureKind.AUTHENTICATION);
        assertThat(f.whatToDo()).contains("user name and password");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    void refreshesTheTokenAheadOfItsExpiry() throws Exception {
        MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
        // lifetime 600 s on the array's clock (which is far off ours); refresh margin 60 s
        server.enqueue(token("first", 5_000, 5_600));
        server.enqueue(json(200, VOLUMES));
        server.enqueue(json(200, VOLUMES));
        server.enqueue(token("second", 5_550, 6_150));
        server.enqueue(json(200, VOLUMES));
        CspClient csp = CspClient.open(config(server).refreshAhead(Duration.ofSeconds(60)).build(),
                CspPassword.of(PASSWORD.toCharArray()), trace, Runnable::run, clock);
        csp.volumes().list().join();
        clock.advance(Duration.ofSeconds(530));
        csp.volumes().list().join();
        clock.advance(Duration.ofSeconds(20)); // 550 s: inside the last 60 s of the 600 s lifetime
        csp.volumes().list().join();
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            RecordedRequest r = take(server);
            seen.add(r.getMethod() + " " + (r.getHeaders().get("x-auth-token") == null ? "-" : r.getHeaders().get("x-auth-token")));
        }
        assertThat(seen).containsExactly("POST -", "GET first", "GET first", "POST -", "GET second");
    }

    @Test
    void concurrentRequestsShareOneLogin() throws Exception {
        AtomicInteger logins = new AtomicInteger();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                if (request.getUrl().encodedPath().endsWith("/tokens")) {
                    logins.incrementAndGet();
                    return new MockResponse.Builder(token("shared")).headersDelay(300, TimeUnit.MILLISECONDS).build();
                }
                return json(200, VOLUMES);
            }
        });
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            CspClient csp = CspClient.open(config(server).build(), CspPassword.of(PASSWORD.toCharArray()), trace, pool);
            List<CompletableFuture<List<Volume>>> calls = new ArrayList<>();
            for (int i = 0; i < 6; i++) calls.add(csp.volumes().list());
            CompletableFuture.allOf(calls.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);
            assertThat(logins.get()).isEqualTo(1);
            assertThat(server.getRequestCount()).isEqualTo(7);
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void closeDeletesTheTokenAndWipesThePassword() throws Exception {
        server.enqueue(token("t-9"));
        server.enqueue(noContent());
        CspPassword password = CspPassword.of(PASSWORD.toCharArray());
        CspClient csp = CspClient.open(config(server).build(), password, trace, Runnable::run);
        csp.login().join();
        csp.close();
        take(server);
        RecordedRequest delete = take(server);
        assertThat(delete.getMethod()).isEqualTo("DELETE");
        assertThat(delete.getUrl().encodedPath()).isEqualTo("/csp/containers/v1/tokens/tok-t-9");
        assertThat(password.isWiped()).isTrue();
        assertThat(failure(csp.volumes().list()).kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
    }

    @Test
    void withoutKeepingThePasswordAnExpiredSessionAsksToConnectAgain() {
        server.enqueue(token("t-1"));
        server.enqueue(json(401, "{\"code\":\"Unauthorized\",\"message\":\"expired\"}"));
        CspPassword password = CspPassword.of(PASSWORD.toCharArray());
        CspClient csp = CspClient.open(config(server).keepPasswordForRelogin(false).build(), password, trace, Runnable::run);
        csp.login().join();
        assertThat(password.isWiped()).isTrue();
        CallFailure f = failure(csp.volumes().list());
        assertThat(f.kind()).isEqualTo(FailureKind.AUTHENTICATION);
        assertThat(f.why()).contains("no longer held");
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void customContextPathIsUsed() throws Exception {
        server.enqueue(token("t"));
        server.enqueue(json(200, "[]"));
        CspClient csp = client(server, trace, b -> b.contextPath("/api/csp/"));
        assertThat(csp.volumes().list().join()).isEmpty();
        assertThat(take(server).getUrl().encodedPath()).isEqualTo("/api/csp/containers/v1/tokens");
    }
}
