package org.csiconsole.core.csp;

import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** Helpers shared by the CSP client tests: canned responses, a client wired to a MockWebServer. */
final class CspTestSupport {
    static final String PASSWORD = "s3cret-Pw";

    private CspTestSupport() {
    }

    static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).setHeader("Content-Type", "application/json").body(body).build();
    }

    static MockResponse noContent() {
        return new MockResponse.Builder().code(204).build();
    }

    /** A token response with creation and expiry in seconds on the array's clock. */
    static MockResponse token(String sessionToken, long creation, long expiry) {
        return json(200, "{\"id\":\"tok-" + sessionToken + "\",\"username\":\"admin\",\"creation_time\":" + creation
                + ",\"expiry_time\":" + expiry + ",\"session_token\":\"" + sessionToken + "\"}");
    }

    static MockResponse token(String sessionToken) {
        return token(sessionToken, 1_000, 1_000 + 1_800);
    }

    static CspConfig.Builder config(MockWebServer server) {
        return CspConfig.builder("http://127.0.0.1:" + server.getPort(), "admin")
                .retryBackoff(Duration.ofMillis(1));
    }

    static CspClient client(MockWebServer server, CallTrace trace) {
        return client(server, trace, b -> { });
    }

    static CspClient client(MockWebServer server, CallTrace trace, Consumer<CspConfig.Builder> tweak) {
        CspConfig.Builder b = config(server);
        tweak.accept(b);
        return CspClient.open(b.build(), CspPassword.of(PASSWORD.toCharArray()), trace, Runnable::run);
    }

    static RecordedRequest take(MockWebServer server) throws InterruptedException {
        RecordedRequest r = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(r).as("request reached the server").isNotNull();
        return r;
    }

    static String body(RecordedRequest r) {
        return r.getBody() == null ? "" : r.getBody().utf8();
    }

    /** The CallFailure a future completed with; fails the test when it completed normally. */
    static CallFailure failure(CompletableFuture<?> future) {
        Throwable t = catchThrowable(future::join);
        assertThat(t).as("the call failed").isNotNull();
        CallFailure f = CallFailure.unwrap(t);
        assertThat(f).as("failure is a CallFailure: %s", t).isNotNull();
        return f;
    }
}
