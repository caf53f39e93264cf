package org.csiconsole.core.reference.cspserver;

import com.fasterxml.jackson.databind.JsonNode;
import org.csiconsole.core.testing.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The CSP server's HTTP layer over plain HTTP: token auth and expiry, array selection, error body
 * shapes (hpe-csp-rest-spec.md) and fault hooks. The array state is a stub here; the endpoints
 * against the real model are covered by ReferenceCspServerTest.
 */
class CspServerHttpTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));
    private final StubBackend backend = new StubBackend();
    private final AtomicReference<CspFaultHook.Fault> fault = new AtomicReference<>(CspFaultHook.Fault.NONE);
    private CspServer server;

    private Http start(CspServerConfig.Builder b) {
        server = CspServer.start(b.clock(clock).build(), backend, (m, p) -> fault.get());
        return new Http(server.apiRoot());
    }

    private Http start() {
        return start(CspServerConfig.builder());
    }

    @AfterEach
    void stop() {
        if (server != null) server.close();
    }

    @Test
    void listensOnLoopbackOnAnEphemeralPortUnderTheCspContextPath() throws Exception {
        Http http = start();
        assertThat(server.port()).isPositive();
        assertThat(server.url()).isEqualTo("http://127.0.0.1:" + server.port());
        assertThat(server.apiRoot()).endsWith(":" + server.port() + "/csp/containers/v1");
        assertThat(InetAddress.getByName(server.config().bindHost()).isLoopbackAddress()).isTrue();
        http.login();
        assertThat(http.get("/volumes").status()).isEqualTo(200);
    }

    @Test
    void answersUnderContainersV1WithAndWithoutTheCspContextPathByDefault() {
        start();
        assertThat(server.apiRoots()).containsExactly(server.url() + "/csp/containers/v1", server.url() + "/containers/v1");
        Http inCluster = new Http(server.url() + "/containers/v1");
        JsonNode token = inCluster.login();
        assertThat(token.get("session_token").asText()).isNotBlank();
        assertThat(inCluster.get("/volumes").status()).isEqualTo(200);
        Http offCluster = new Http(server.url() + "/csp/containers/v1");
        offCluster.headers.putAll(inCluster.headers);
        assertThat(offCluster.get("/volumes").status()).as("one session, whichever path it came in on").isEqualTo(200);
        Http.Reply unknown = inCluster.get("/nothing");
        assertThat(unknown.status()).isEqualTo(404);
        assertThat(unknown.json().get("errors").get(0).get("message").asText())
                .contains("GET /containers/v1/nothing", "/csp/containers/v1 and /containers/v1");
    }

    @Test
    void anExplicitContextPathIsTheOnlyOneServed() {
        start(CspServerConfig.builder().contextPath(""));
        assertThat(server.apiRoots()).containsExactly(server.url() + "/containers/v1");
        assertThat(new Http(server.url() + "/containers/v1").post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\"}")
                .status()).isEqualTo(200);
        assertThat(new Http(server.url() + "/csp/containers/v1").post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\"}")
                .status()).isEqualTo(404);
        server.close();

        Http array = start(CspServerConfig.builder().contextPath("api/csp/"));
        assertThat(server.apiRoot()).isEqualTo(server.url() + "/api/csp/containers/v1");
        array.login();
        assertThat(array.get("/volumes").status()).isEqualTo(200);
        assertThat(new Http(server.url() + "/containers/v1").post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\"}")
                .status()).isEqualTo(404);
    }

    @Test
    void contextPathsTakeALeadingSlashAndEmptyMeansNone() {
        assertThat(CspServerConfig.normalizeContextPath("")).isEmpty();
        assertThat(CspServerConfig.normalizeContextPath("/")).isEmpty();
        assertThat(CspServerConfig.normalizeContextPath("csp/")).isEqualTo("/csp");
        assertThat(CspServerConfig.normalizeContextPath("/a/b")).isEqualTo("/a/b");
        assertThatThrownBy(() -> CspServerConfig.normalizeContextPath("/csp/containers/v1"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("which the server adds itself");
        assertThatThrownBy(() -> CspServerConfig.normalizeContextPath("/a b?x"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("/segment[/segment...]");
        assertThat(CspServerConfig.builder().contextPaths(java.util.List.of("/csp", "csp", "")).build().contextPaths())
                .containsExactly("/csp", "");
    }

    @Test
    void loginAnswersATokenThatExpiresAfterTheConfiguredLifetime() {
        Http http = start(CspServerConfig.builder().tokenLifetime(Duration.ofMinutes(5)));
        JsonNode token = http.login();
        assertThat(token.get("id").asText()).isNotBlank();
        assertThat(token.get("username").asText()).isEqualTo("admin");
        assertThat(token.get("session_token").asText()).hasSizeGreaterThanOrEqualTo(32);
        assertThat(token.get("expiry_time").asLong() - token.get("creation_time").asLong()).isEqualTo(300);
        assertThat(token.get("creation_time").asLong()).isEqualTo(clock.instant().getEpochSecond());
        assertThat(token.has("password")).isFalse();

        assertThat(http.get("/volumes").status()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(5));
        Http.Reply expired = http.get("/volumes");
        assertThat(expired.status()).isEqualTo(401);
        assertThat(expired.json().get("errors").get(0).get("code").asText()).isEqualTo("Unauthorized");
        assertThat(expired.json().get("errors").get(0).get("message").asText()).contains("expired").contains("POST /containers/v1/tokens");
    }

    @Test
    void defaultTokenLifetimeIsThirtyMinutes() {
        Http http = start();
        JsonNode token = http.login();
        assertThat(token.get("expiry_time").asLong() - token.get("creation_time").asLong()).isEqualTo(1800);
        clock.advance(Duration.ofMinutes(29));
        assertThat(http.get("/volumes").status()).isEqualTo(200);
        clock.advance(Duration.ofMinutes(1));
        assertThat(http.get("/volumes").status()).isEqualTo(401);
    }

    @Test
    void missingOrUnknownTokenIs401AndNeverReachesTheArray() {
        Http http = start();
        Http.Reply none = http.get("/volumes");
        assertThat(none.status()).isEqualTo(401);
        assertThat(none.json().get("errors").get(0).get("message").asText()).contains("x-auth-token");
        http.headers.put("x-auth-token", "0123456789abcdef");
        assertThat(http.get("/volumes").status()).isEqualTo(401);
        assertThat(http.delete("/volumes/x?force=true").status()).isEqualTo(401);
        assertThat(backend.calls.get()).isZero();
    }

    @Test
    void wrongPasswordIs401AndDoesNotEchoThePassword() {
        Http http = start(CspServerConfig.builder().user("ops", "s3cret-canary".toCharArray()));
        Http.Reply r = http.post("/tokens", "{\"username\":\"ops\",\"password\":\"wrong-canary-pw\"}");
        assertThat(r.status()).isEqualTo(401);
        assertThat(r.body()).doesNotContain("wrong-canary-pw").doesNotContain("s3cret-canary");
        assertThat(http.post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\"}").status())
                .as("configured users replace the default admin").isEqualTo(401);
        assertThat(http.post("/tokens", "{\"username\":\"ops\",\"password\":\"s3cret-canary\"}").status()).isEqualTo(200);
    }

    @Test
    void malformedLoginBodyIs400WithoutQuotingTheBody() {
        Http http = start();
        Http.Reply r = http.post("/tokens", "{\"username\":\"admin\",\"password\":\"canary-in-bad-json");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("errors").get(0).get("code").asText()).isEqualTo("Bad Request");
        assertThat(r.body()).doesNotContain("canary-in-bad-json");
        assertThat(http.post("/tokens", "{\"username\":\"admin\"}").status()).isEqualTo(400);
        assertThat(http.post("/tokens", "").status()).isEqualTo(400);
    }

    @Test
    void deleteTokenEndsTheSession() {
        Http http = start();
        JsonNode token = http.login();
        assertThat(http.delete("/tokens/" + token.get("id").asText()).status()).isEqualTo(204);
        assertThat(http.get("/volumes").status()).isEqualTo(401);
    }

    @Test
    void deleteOfAnUnknownTokenIs404() {
        Http http = start();
        http.login();
        Http.Reply r = http.delete("/tokens/not-a-token");
        assertThat(r.status()).isEqualTo(404);
        assertThat(r.json().get("errors").get(0).get("code").asText()).isEqualTo("Not Found");
    }

    @Test
    void xArrayIpSelectsTheArrayAndAnUnknownIpIs400() {
        Http http = start();
        http.login();
        assertThat(http.get("/volumes").json().get(0).get("name").asText()).isEqualTo("vol-site-a");
        http.headers.put("x-array-ip", "10.20.1.5");
        assertThat(http.get("/volumes").json().get(0).get("name").asText()).isEqualTo("vol-site-b");
        http.headers.put("x-array-ip", "10.10.1.5");
        assertThat(http.get("/volumes").json().get(0).get("name").asText()).isEqualTo("vol-site-a");
        http.headers.put("x-array-ip", "192.0.2.9");
        Http.Reply r = http.get("/volumes");
        assertThat(r.status()).isEqualTo(400);
        assertThat(r.json().get("errors").get(0).get("message").asText()).contains("192.0.2.9").contains("10.10.1.5");
    }

    @Test
    void arrayIpGivenAtLoginIsUsedWhenTheHeaderIsAbsent() {
        Http http = start();
        Http.Reply r = http.post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\",\"array_ip\":\"10.20.1.5\"}");
        assertThat(r.json().get("array_ip").asText()).isEqualTo("10.20.1.5");
        http.headers.put("x-auth-token", r.json().get("session_token").asText());
        assertThat(http.get("/volumes").json().get(0).get("name").asText()).isEqualTo("vol-site-b");
        assertThat(http.post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\",\"array_ip\":\"192.0.2.1\"}").status())
                .isEqualTo(400);
    }

    @Test
    void errorBodiesHaveTheSpecShapes() {
        Http http = start();
        http.login();
        Http.Reply byName = http.get("/volumes?name=bob");
        assertThat(byName.status()).isEqualTo(404);
        assertThat(byName.json().toString())
                .isEqualTo("{\"errors\":[{\"code\":\"Not Found\",\"message\":\"Volume with name bob not found.\"}]}");

        Http.Reply group = http.get("/volume_groups?name=bob");
        assertThat(group.status()).isEqualTo(404);
        assertThat(group.json().toString()).isEqualTo("{\"code\":\"Not Found\",\"message\":\"Volume group with name bob not found.\"}");

        Http.Reply published = http.delete("/volumes/id-site-a");
        assertThat(published.status()).isEqualTo(400);
        assertThat(published.json().toString())
                .isEqualTo("{\"errors\":[{\"code\":\"Bad Request\",\"message\":\"Cannot delete a published volume\"}]}");

        Http.Reply clone = http.delete("/snapshots/s1");
        assertThat(clone.status()).isEqualTo(409);
        assertThat(clone.json().get("errors").get(0).get("code").asText()).isEqualTo("Conflict");
        assertThat(clone.json().get("errors").get(0).get("message").asText()).isEqualTo(
                "The request could not be completed due to a conflict. Snapshot my-first-snapshot for volume volume1 has a clone.");

        Http.Reply unknownRoute = http.get("/nothing-here");
        assertThat(unknownRoute.status()).isEqualTo(404);
        assertThat(unknownRoute.json().get("errors").get(0).get("message").asText()).contains("/containers/v1/nothing-here");
    }

    @Test
    void requiredFieldsAndQueryParametersAreChecked() {
        Http http = start();
        http.login();
        assertThat(http.get("/snapshot_groups").status()).isEqualTo(400);
        assertThat(http.post("/volumes", "{\"size\":1073741824}").status()).isEqualTo(400);
        assertThat(http.post("/volumes", "{\"name\":\"v\"}").status()).isEqualTo(400);
        assertThat(http.post("/volumes", "{\"name\":\"v\",\"size\":-1}").status()).isEqualTo(400);
        assertThat(http.post("/volumes", "{\"name\":\"v\",\"clone\":true}").status()).isEqualTo(400);
        assertThat(http.post("/volumes", "{\"name\":\"v\",\"size\":\"1073741824\"}").status())
                .as("the spec's create example sends size as a string").isEqualTo(200);
        assertThat(http.post("/hosts", "{\"name\":\"h\",\"uuid\":\"u\"}").status()).isEqualTo(400);
        assertThat(http.post("/hosts", "{\"name\":\"h\",\"uuid\":\"u\",\"iqns\":[\"iqn.2019-07.com.x:a\"]}").status()).isEqualTo(400);
        assertThat(http.post("/hosts", "{\"name\":\"h\",\"uuid\":\"u\",\"wwpns\":[\"10:00:00:00:c9:12:34:56\"],\"chap_user\":\"c\"}")
                .status()).isEqualTo(400);
        assertThat(http.put("/volumes/id-site-a/actions/publish", "{\"host_uuid\":\"u\",\"access_protocol\":\"smb\"}").status())
                .isEqualTo(400);
        assertThat(http.put("/volumes/id-site-a/actions/publish", "{\"access_protocol\":\"iscsi\"}").status()).isEqualTo(400);
        assertThat(http.put("/volumes/id-site-a/actions/unpublish", "{}").status()).isEqualTo(400);
        Http.Reply rename = http.put("/volumes/id-site-a", "{\"name\":\"other\"}");
        assertThat(rename.status()).isEqualTo(400);
        assertThat(rename.json().get("errors").get(0).get("message").asText()).contains("Unexpected argument 'name'", "cannot be renamed");
        assertThat(http.get("/snapshots?volume_id=v&mode=all").status()).isEqualTo(400);
    }

    @Test
    void hostResponsesNeverCarryTheChapPassword() {
        Http http = start();
        http.login();
        Http.Reply r = http.post("/hosts", "{\"name\":\"h\",\"uuid\":\"u-1\",\"iqns\":[\"iqn.2019-07.com.x:a\"],"
                + "\"networks\":[\"10.0.0.0/24\"],\"chap_user\":\"chap\",\"chap_password\":\"chap-canary-123\"}");
        assertThat(r.status()).isEqualTo(200);
        assertThat(r.json().get("chap_user").asText()).isEqualTo("chap");
        assertThat(r.body()).doesNotContain("chap-canary-123");
    }

    @Test
    void snapshotsModeExistsAnswersAtMostOneEntry() {
        Http http = start();
        http.login();
        assertThat(http.get("/snapshots?volume_id=v").json().size()).isEqualTo(2);
        assertThat(http.get("/snapshots").status()).as("volume_id is optional (CSP OpenAPI 1.1.0)").isEqualTo(200);
        assertThat(http.get("/snapshots?volume_id=v&mode=exists").json().size()).isEqualTo(1);
        assertThat(http.get("/snapshots/?volume_id=v&name=snap-2").json().get(0).get("id").asText()).isEqualTo("s2");
        assertThat(http.get("/snapshots?volume_id=v&name=nope").status()).isEqualTo(404);
    }

    @Test
    void partnersCarryBothTheSpecAndTheOpenApiNames() {
        Http http = start();
        http.login();
        JsonNode p = http.get("/replication_partners").json().get(0);
        assertThat(p.get("name").asText()).isEqualTo("site-b");
        assertThat(p.get("partner_name").asText()).isEqualTo("site-b");
        assertThat(p.get("is_alive").asBoolean()).isTrue();
        assertThat(p.get("repl_role").asText()).isEqualTo("downstream");
        assertThat(http.get("/replication_partners?name=site-b").json().size()).isEqualTo(1);
        assertThat(http.get("/replication_partners?name=nope").status()).isEqualTo(404);
    }

    @Test
    void unavailableFaultIs503ForEveryRequestIncludingLogin() {
        Http http = start();
        http.login();
        fault.set(CspFaultHook.Fault.UNAVAILABLE);
        Http.Reply r = http.get("/volumes");
        assertThat(r.status()).isEqualTo(503);
        assertThat(r.json().get("errors").get(0).get("code").asText()).isEqualTo("Service Unavailable");
        assertThat(http.post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\"}").status()).isEqualTo(503);
        fault.set(CspFaultHook.Fault.NONE);
        assertThat(http.get("/volumes").status()).isEqualTo(200);
    }

    @Test
    void tokenExpiryFaultDropsTheSessionSoTheClientMustLogInAgain() {
        Http http = start();
        http.login();
        fault.set(CspFaultHook.Fault.TOKEN_EXPIRED);
        assertThat(http.get("/volumes").status()).isEqualTo(401);
        fault.set(CspFaultHook.Fault.NONE);
        assertThat(http.get("/volumes").status()).as("the token stays expired").isEqualTo(401);
        http.login();
        assertThat(http.get("/volumes").status()).isEqualTo(200);
    }

    @Test
    void aTakenPortFailsWithAClearMessage() {
        start();
        CspServerConfig same = CspServerConfig.builder().port(server.port()).build();
        assertThatThrownBy(() -> CspServer.start(same, backend, null))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("127.0.0.1:" + server.port());
    }
}
