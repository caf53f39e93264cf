package org.csiconsole.core.csp;

import org.csiconsole.core.port.HostRequest;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.AccessProtocol;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.csp.CspTestSupport.*;

/** Secrets never reach the trace, a log, an exception or a toString, whatever path the calls take. */
class CspRedactionTest {
    private static final String CANARY_PASSWORD = "canary-Pw-7731";
    private static final String CANARY_TOKEN = "canary-token-5519";
    private static final String CANARY_CHAP = "canary-chap-2048";

    private final MockWebServer server = new MockWebServer();
    private final CallTrace trace = new CallTrace();
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private Logger root;
    private Level rootLevel;

    @BeforeEach
    void start() throws Exception {
        server.start();
        root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        rootLevel = root.getLevel();
        root.setLevel(Level.TRACE);
        logs.start();
        root.addAppender(logs);
    }

    @AfterEach
    void stop() {
        root.detachAppender(logs);
        root.setLevel(rootLevel);
        server.close();
    }

    @Test
    void secretFieldsComeFromTheSchema() {
        assertThat(CspRedactor.secretFields()).containsExactlyInAnyOrder("password", "session_token", "chap_password");
    }

    @Test
    void redactsSecretsAtAnyDepthAndLeavesTheRest() {
        String out = CspRedactor.redactJson("{\"a\":{\"Password\":\"p\"},\"list\":[{\"chap_password\":\"c\",\"chap_user\":\"u\"}],"
                + "\"session_token\":\"t\",\"name\":\"n\"}");
        assertThat(out).doesNotContain("\"p\"", "\"c\"", "\"t\"").contains("\"chap_user\":\"u\"", "\"name\":\"n\"", "***");
        assertThat(CspRedactor.redactJson("not json " + CANARY_PASSWORD)).doesNotContain(CANARY_PASSWORD);
        assertThat(CspRedactor.redactHeader("X-Auth-Token", CANARY_TOKEN)).isEqualTo("***");
    }

    @Test
    void canarySecretsAppearInNoTraceLogExceptionOrText() throws Exception {
        String tokenBody = "{\"id\":\"tok-1\",\"username\":\"admin\",\"creation_time\":1,\"expiry_time\":1801,\"session_token\":\"" + CANARY_TOKEN + "\"}";
        server.enqueue(json(200, tokenBody));
        // create a host with a CHAP secret, echoed back by the CSP
        server.enqueue(json(200, "{\"id\":\"h1\",\"uuid\":\"u1\",\"name\":\"host1\",\"iqns\":[\"iqn.2019-07.com.example:h1\"],"
                + "\"networks\":[\"10.0.0.5/24\"],\"chap_user\":\"chap\",\"chap_password\":\"" + CANARY_CHAP + "\"}"));
        // publish answers with CHAP credentials
        server.enqueue(json(200, "{\"serial_number\":\"abc\",\"access_protocol\":\"iscsi\",\"lun_id\":3,"
                + "\"target_names\":[\"iqn.2007-11.com.example:t1\"],\"discovery_ips\":[\"10.0.0.1\"],"
                + "\"chap_user\":\"chap\",\"chap_password\":\"" + CANARY_CHAP + "\"}"));
        // 401, re-login, then an error that echoes the token
        server.enqueue(json(401, "{\"code\":\"Unauthorized\",\"message\":\"expired\"}"));
        server.enqueue(json(200, tokenBody));
        server.enqueue(json(500, "{\"errors\":[{\"code\":\"Internal\",\"message\":\"boom\"}]}"));
        // a malformed login answer on a second client
        server.enqueue(json(200, "{\"session_token\":\"" + CANARY_TOKEN + "\",\"id\":"));
        server.enqueue(json(204, ""));

        List<String> texts = new ArrayList<>();
        HostRequest host = new HostRequest("host1", "u1", List.of("iqn.2019-07.com.example:h1"), null, null, List.of("10.0.0.5/24"),
                "chap", CANARY_CHAP, AccessProtocol.ISCSI, null);
        texts.add(host.toString());
        CspPassword password = CspPassword.of(CANARY_PASSWORD.toCharArray());
        texts.add(password.toString());
        CspClient csp = CspClient.open(config(server).build(), password, trace, Runnable::run);
        texts.add(csp.hosts().create(host).join().toString());
        texts.add(csp.volumes().publish("v1", "u1", AccessProtocol.ISCSI).join().toString());
        CallFailure f = failure(csp.volumes().list());
        texts.add(f.describe());
        texts.add(f.toString());
        CspClient second = CspClient.open(config(server).build(), CspPassword.of(CANARY_PASSWORD.toCharArray()), trace, Runnable::run);
        CallFailure malformed = failure(second.login());
        texts.add(malformed.describe());
        texts.add(String.valueOf(malformed.getCause()));
        csp.close();

        // the canaries really went over the wire, so their absence below means something
        RecordedRequest login = take(server);
        assertThat(body(login)).contains(CANARY_PASSWORD);
        assertThat(body(take(server))).contains(CANARY_CHAP);
        assertThat(take(server).getHeaders().get("x-auth-token")).isEqualTo(CANARY_TOKEN);

        for (TraceEntry e : trace.snapshot()) {
            texts.add(e.toString());
        }
        for (ILoggingEvent e : logs.list) {
            texts.add(e.getFormattedMessage());
            if (e.getThrowableProxy() != null) texts.add(e.getThrowableProxy().getMessage());
        }
        assertThat(logs.list).as("debug logging was captured").isNotEmpty();
        assertThat(trace.snapshot()).hasSizeGreaterThanOrEqualTo(8);
        assertThat(trace.snapshot().get(0).request().json()).contains("\"password\":\"***\"");
        assertThat(trace.snapshot().get(0).response().json().replace(" ", "")).contains("\"session_token\":\"***\"");
        for (String t : texts) {
            assertThat(t).doesNotContain(CANARY_PASSWORD, CANARY_TOKEN, CANARY_CHAP);
        }
    }
}
