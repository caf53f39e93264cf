package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code csi-console csp ...} against a MockWebServer standing in for the CSP. */
class CspCommandTest {
    private static final String CANARY = "canary-cli-Pw-4410";
    private static final String TOKEN = "canary-cli-token-9";

    private final MockWebServer server = new MockWebServer();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<String> prompts = new ArrayList<>();
    private Map<String, String> env = Map.of(CspCommand.PASSWORD_ENV, CANARY);
    private char[] typed;

    @BeforeEach
    void start() throws Exception {
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).setHeader("Content-Type", "application/json").body(body).build();
    }

    private void enqueueLogin() {
        server.enqueue(json(200, "{\"id\":\"tok-1\",\"username\":\"admin\",\"creation_time\":1700000000,\"expiry_time\":1700001800,"
                + "\"session_token\":\"" + TOKEN + "\"}"));
    }

    private int run(String... args) {
        // registered as the real command line registers it (its help options on every subcommand)
        CommandLine cl = CsiConsoleCommand.register(List.of(new CspCommand(env::get, text -> {
            prompts.add(text);
            return typed == null ? null : typed.clone();
        }).confirmingOn(Optional::empty)), env::get);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of("csp"));
        all.addAll(List.of(args));
        return cl.execute(all.toArray(String[]::new));
    }

    private String url() {
        return "http://127.0.0.1:" + server.getPort();
    }

    private void assertNoSecrets() {
        assertThat(out.toString() + err).doesNotContain(CANARY, TOKEN);
    }

    private void enqueueHostAndVolumes() {
        enqueueLogin();
        server.enqueue(json(200, "[{\"id\":\"host-0002\",\"name\":\"worker-01\",\"uuid\":\"u-2\",\"iqns\":[\"iqn.2026-01.com.example:w1\"]}]"));
        server.enqueue(json(200, "[{\"id\":\"067b\",\"name\":\"volume1\",\"size\":1073741824,\"published\":false}]"));
    }

    private List<String> requests() throws InterruptedException {
        List<String> all = new ArrayList<>();
        for (int i = server.getRequestCount(); i > 0; i--) {
            var r = server.takeRequest();
            all.add(r.getMethod() + " " + r.getTarget());
        }
        return all;
    }

    @Test
    void deleteHostPrintsTheAssessmentAndDeletesWithTheHostsNameGiven() throws Exception {
        enqueueHostAndVolumes();
        server.enqueue(new MockResponse.Builder().code(204).build());
        server.enqueue(new MockResponse.Builder().code(204).build());

        assertThat(run("delete-host", "--url", url(), "--user", "admin", "--host-id", "host-0002", "--yes=worker-01", "--output", "json"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(err.toString()).contains("host worker-01 is removed from the array with its initiators");
        assertThat(out.toString()).contains("\"hostId\" : \"host-0002\"").contains("\"result\" : \"deleted\"");
        assertThat(requests()).contains("DELETE /csp/containers/v1/hosts/host-0002");
        assertNoSecrets();
    }

    @Test
    void deleteHostWithoutTheNameOrOfAnUnknownIdSendsNoDelete() throws Exception {
        enqueueHostAndVolumes();
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("delete-host", "--url", url(), "--user", "admin", "--host-id", "host-0002")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no terminal").contains("--yes=worker-01");

        enqueueHostAndVolumes();
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("delete-host", "--url", url(), "--user", "admin", "--host-id", "host-0002", "--yes=worker-02")).isEqualTo(ExitCodes.USAGE);

        enqueueLogin();
        server.enqueue(json(200, "[]"));
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("delete-host", "--url", url(), "--user", "admin", "--host-id", "host-0009", "--yes=host-0009")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("the CSP lists no host with the id host-0009");

        assertThat(requests()).noneMatch(r -> r.startsWith("DELETE /csp/containers/v1/hosts"));
    }

    @Test
    void createHostSendsTheHostAsTheWorkbenchsNewHostDoesAndPrintsItAsJson() throws Exception {
        enqueueLogin();
        server.enqueue(json(200, "{\"id\":\"host-0009\",\"name\":\"worker-09\",\"uuid\":\"u-9\",\"iqns\":[\"iqn.2026-01.com.example:w9\"],"
                + "\"networks\":[\"10.0.1.21/24\"]}"));
        server.enqueue(new MockResponse.Builder().code(204).build());

        assertThat(run("create-host", "--url", url(), "--user", "admin", "--name", "worker-09", "--uuid", "u-9",
                "--initiator", "iqn.2026-01.com.example:w9", "--network", "10.0.1.21/24", "--output", "json")).as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("\"hostId\" : \"host-0009\"").contains("\"uuid\" : \"u-9\"").contains("\"result\" : \"created\"");
        server.takeRequest(5, TimeUnit.SECONDS);
        RecordedRequest post = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(post.getMethod() + " " + post.getTarget()).isEqualTo("POST /csp/containers/v1/hosts");
        assertThat(post.getBody().utf8()).contains("\"uuid\":\"u-9\"").contains("iqn.2026-01.com.example:w9").contains("10.0.1.21/24");
        assertNoSecrets();
    }

    @Test
    void createHostWithAnInitiatorOfAnotherProtocolOrCHAPWithoutItsPasswordIsRefusedBeforeLoggingIn() throws Exception {
        assertThat(run("create-host", "--url", url(), "--user", "admin", "--name", "worker-09", "--initiator", "50:00:00:00:00:00:00:01",
                "--network", "10.0.1.21/24")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("'50:00:00:00:00:00:00:01' is not an IQN").contains("nothing was sent");
        assertThat(run("create-host", "--url", url(), "--user", "admin", "--name", "worker-09", "--initiator", "iqn.2026-01.com.example:w9"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("an iSCSI host needs at least one network");
        assertThat(run("create-host", "--url", url(), "--user", "admin", "--name", "worker-09", "--initiator", "iqn.2026-01.com.example:w9",
                "--network", "10.0.1.21/24", "--chap-user", "chap1")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("CHAP password for user chap1").contains(CspCommand.CHAP_PASSWORD_ENV);
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void publishSendsTheHostsUuidAndProtocolAndPrintsTheLun() throws Exception {
        enqueueHostAndVolumes();
        server.enqueue(json(200, "{\"access_protocol\":\"iscsi\",\"lun_id\":3,\"serial_number\":\"4349bd\",\"target_names\":[\"iqn.t\"],"
                + "\"discovery_ips\":[\"172.89.82.10\"]}"));
        server.enqueue(new MockResponse.Builder().code(204).build());

        assertThat(run("publish", "--url", url(), "--user", "admin", "--volume-id", "067b", "--host-id", "host-0002", "--output", "json"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("\"lunId\" : \"3\"").contains("\"serialNumber\" : \"4349bd\"").contains("\"result\" : \"published\"");
        assertThat(err.toString()).contains("Sends CSP PUT /containers/v1/volumes/067b/actions/publish: id=067b, host_uuid=u-2, access_protocol=iscsi");
        assertThat(requests()).contains("PUT /csp/containers/v1/volumes/067b/actions/publish");
    }

    @Test
    void unpublishNeedsTheVolumesNameTypedAndItsDryRunSendsNothing() throws Exception {
        assertThat(run("unpublish", "--url", url(), "--user", "admin", "--volume-id", "067b", "--host-id", "host-0002")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no terminal").contains("--yes=067b");
        assertThat(server.getRequestCount()).as("refused before logging in").isZero();

        enqueueHostAndVolumes();
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("unpublish", "--url", url(), "--user", "admin", "--volume-id", "067b", "--host-id", "host-0002", "--dry-run", "--output", "json"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("\"dryRun\" : true").contains("\"consent\" : \"TYPED\"").contains("worker-01 loses access to volume1");
        assertThat(requests()).as("login, hosts, volumes, logout").noneMatch(r -> r.startsWith("PUT")).hasSize(4);

        enqueueHostAndVolumes();
        server.enqueue(new MockResponse.Builder().code(204).build());
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("unpublish", "--url", url(), "--user", "admin", "--volume-id", "067b", "--host-id", "u-2", "--yes=volume1"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Unpublished volume1 from worker-01.");
        List<String> sent = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            var r = server.takeRequest(5, TimeUnit.SECONDS);
            sent.add(r.getMethod() + " " + r.getTarget());
        }
        assertThat(sent).contains("PUT /csp/containers/v1/volumes/067b/actions/unpublish");
    }

    @Test
    void listsVolumesAsATableAndLogsOut() throws Exception {
        enqueueLogin();
        server.enqueue(json(200, "[{\"id\":\"067b\",\"name\":\"volume1\",\"size\":1073741824,\"published\":true,\"volume_group_id\":\"vg1\"}]"));
        server.enqueue(new MockResponse.Builder().code(204).build());
        int code = run("volumes", "--url", url(), "--user", "admin", "--trace");
        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("NAME", "volume1", "1 GiB", "true", "vg1");
        assertThat(err.toString()).contains("[trace] POST /csp/containers/v1/tokens", "[trace] GET /csp/containers/v1/volumes",
                "[trace] DELETE /csp/containers/v1/tokens/tok-1", "\"password\":\"***\"");
        RecordedRequest login = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(login.getBody().utf8()).contains(CANARY);
        assertNoSecrets();
    }

    @Test
    void aSubcommandWithAnOptionBesideTheConnectionRunsAsTheReadmeShowsIt() throws Exception {
        enqueueLogin();
        server.enqueue(json(200, "[]"));
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("volume-groups", "--url", url(), "--user", "admin", "--name", "erp")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).doesNotContain("argument type mismatch");
        server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(server.takeRequest(5, TimeUnit.SECONDS).getTarget()).contains("/volume_groups").contains("erp");
    }

    @Test
    void printsJsonWhenAsked() throws Exception {
        enqueueLogin();
        server.enqueue(json(200, "[{\"id\":\"p1\",\"partner_name\":\"group-sjc\",\"repl_direction\":\"downstream\",\"is_alive\":\"true\"}]"));
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("partners", "--url", url(), "--user", "admin", "--output", "json")).isEqualTo(ExitCodes.OK);
        JsonNode n = new ObjectMapper().readTree(out.toString());
        assertThat(n.get(0).get("name").asText()).isEqualTo("group-sjc");
        assertThat(n.get(0).get("role").asText()).isEqualTo("DOWNSTREAM");
        assertNoSecrets();
    }

    @Test
    void loginShowsTheSession() {
        enqueueLogin();
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("login", "--url", url(), "--user", "admin", "--array-ip", "10.10.10.1")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Logged in to " + url() + "/csp as admin (array 10.10.10.1)", "expires at 2023-11-14T22:43:20Z");
        assertNoSecrets();
    }

    @Test
    void promptsWhenTheEnvironmentHasNoPassword() throws Exception {
        env = Map.of();
        typed = "typed-pw".toCharArray();
        enqueueLogin();
        server.enqueue(json(200, "[]"));
        server.enqueue(new MockResponse.Builder().code(204).build());
        assertThat(run("hosts", "--url", url(), "--user", "admin")).isEqualTo(ExitCodes.OK);
        assertThat(prompts).singleElement().asString().contains("Password for admin");
        assertThat(server.takeRequest(5, TimeUnit.SECONDS).getBody().utf8()).contains("typed-pw");
        assertThat(out.toString()).contains("UUID");
    }

    @Test
    void withoutTerminalOrEnvironmentItIsAUsageError() {
        env = Map.of();
        assertThat(run("hosts", "--url", url(), "--user", "admin")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("CSP_PASSWORD");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void thePasswordIsNeverAnArgument() {
        assertThat(run("hosts", "--url", url(), "--user", "admin", "--password", "x")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Unknown option");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void refusedPasswordExitsWithTheAuthenticationCode() {
        server.enqueue(json(401, "{\"errors\":[{\"code\":\"Unauthorized\",\"message\":\"Invalid username and/or password\"}]}"));
        assertThat(run("volumes", "--url", url(), "--user", "admin")).isEqualTo(ExitCodes.AUTH);
        assertThat(err.toString()).contains("refused the user name or password", "What to do");
        assertThat(err.toString()).doesNotContain("Exception", "\tat ");
        assertNoSecrets();
    }

    @Test
    void caAndPinAreExclusiveAndRequiredOptionsAreChecked() {
        assertThat(run("hosts", "--url", url(), "--user", "admin", "--ca", "/tmp/x.pem", "--pin", "AB".repeat(32)))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(run("snapshots", "--url", url(), "--user", "admin")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--volume-id");
        assertThat(run("hosts", "--url", url(), "--user", "admin", "--pin", "abc")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("64 hex digits");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void plainHttpToARemoteHostIsRefused() {
        assertThat(run("hosts", "--url", "http://192.0.2.10:8080", "--user", "admin")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("unencrypted", "https://");
    }

    @Test
    void unreachableCspExitsWithTheEndpointCode() {
        int port = server.getPort();
        server.close();
        assertThat(run("volumes", "--url", "http://127.0.0.1:" + port, "--user", "admin")).isEqualTo(ExitCodes.ENDPOINT);
        assertThat(err.toString()).contains("cannot connect");
    }
}
