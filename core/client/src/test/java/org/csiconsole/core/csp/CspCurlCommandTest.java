package org.csiconsole.core.csp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import mockwebserver3.MockWebServer;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.trace.ShellParse;
import org.csiconsole.core.trace.ShellTraceCommands;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.csp.CspTestSupport.json;
import static org.csiconsole.core.csp.CspTestSupport.token;

/** "Copy as curl" repeats a traced CSP request without its session token or CHAP secret, and reads back into its arguments. */
class CspCurlCommandTest {
    private static final String CANARY_TOKEN = "canary-curl-token-3307";
    private static final String CANARY_CHAP = "canary-curl-chap-9921";

    @TempDir
    Path protos;

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
    void aCurlCommandHoldsNoSecretAndReadsBackIntoItsArguments() throws Exception {
        server.enqueue(token(CANARY_TOKEN));
        server.enqueue(json(200, "{\"id\":\"h1\",\"uuid\":\"u1\",\"name\":\"host1\",\"iqns\":[\"iqn.2019-07.com.example:h1\"]}"));
        CspClient csp = CspClient.open(CspTestSupport.config(server).arrayIp("10.10.1.5").build(),
                CspPassword.of(CspTestSupport.PASSWORD.toCharArray()), trace, Runnable::run);
        csp.hosts().create(new HostRequest("host1", "u1", List.of("iqn.2019-07.com.example:h1"), null, null, List.of("10.0.0.5/24"),
                "chap", CANARY_CHAP, AccessProtocol.ISCSI, null)).join();
        TraceEntry create = trace.snapshot().stream().filter(e -> e.method().startsWith("POST") && e.method().endsWith("/hosts"))
                .findFirst().orElseThrow();

        TraceCommand c = new ShellTraceCommands(protos, Runnable::run).curl(create);

        assertThat(c.available()).as(c.reason()).isTrue();
        assertThat(c.text()).doesNotContain(CANARY_TOKEN, CANARY_CHAP, CspTestSupport.PASSWORD);
        List<String> argv = ShellParse.words(c.text());
        assertThat(argv).isEqualTo(c.argv());
        assertThat(argv.subList(0, 5)).containsExactly("curl", "-sS", "-X", "POST",
                "http://127.0.0.1:" + server.getPort() + "/csp/containers/v1/hosts");
        assertThat(argv).containsSubsequence("-H", "x-array-ip: 10.10.1.5")
                .containsSubsequence("-H", "x-auth-token: <secret:x-auth-token>");
        JsonNode body = new ObjectMapper().readTree(argv.get(argv.indexOf("-d") + 1));
        assertThat(body.path("name").asText()).isEqualTo("host1");
        assertThat(body.path("chap_password").asText()).isEqualTo("<secret:chap_password>");
        csp.close();
    }
}
