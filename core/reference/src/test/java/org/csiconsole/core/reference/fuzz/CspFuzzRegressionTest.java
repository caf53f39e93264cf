package org.csiconsole.core.reference.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Inputs the CSP fuzz test found, each pinned to the answer it must get. */
class CspFuzzRegressionTest {
    private FuzzPlugin fuzz;
    private String token;
    private int port;

    @BeforeEach
    void start() throws IOException {
        fuzz = new FuzzPlugin();
        token = fuzz.login();
        port = URI.create(fuzz.cspUrl).getPort();
    }

    @AfterEach
    void stop() throws IOException {
        fuzz.close();
    }

    private String send(String requestLine, String headers) throws IOException {
        try (Socket s = new Socket("127.0.0.1", port)) {
            s.getOutputStream().write((requestLine + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
                    + "x-auth-token: " + token + "\r\nx-array-ip: 10.10.1.5\r\n" + headers + "\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            InputStream in = s.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    @Test
    void aPathWithABrokenPercentEscapeGetsA400ThatSaysSo() throws IOException {
        String reply = send("GET /csp/containers/v1/volumes/site-a%?default=vol-00000002", "");
        assertThat(reply).startsWith("HTTP/1.1 400").contains("broken percent escape at character 34");
    }

    @Test
    void aQueryWithABrokenPercentEscapeGetsA400ThatSaysSo() throws IOException {
        String reply = send("GET /csp/containers/v1/volumes?name=%zz", "");
        assertThat(reply).startsWith("HTTP/1.1 400").contains("query has a broken percent escape at character 6");
    }
}
