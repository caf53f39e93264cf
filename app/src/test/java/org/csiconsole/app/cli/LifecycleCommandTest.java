package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.storage.CsiStorage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import picocli.CommandLine;

import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import java.awt.image.BufferedImage;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code csi-console lifecycle} draws the driver's figure with a volume's live state to SVG and PNG, headless. */
class LifecycleCommandTest {
    private static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2025-03-01T12:00:00Z"), ZoneOffset.UTC);

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private String endpoint;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).nodePaths(NodePaths.Mode.SANDBOX).start();
        String name = "lifecycle-cli-" + UUID.randomUUID();
        plugin.startInProcess(name);
        endpoint = "inproc:" + name;
    }

    @AfterEach
    void stop() {
        plugin.close();
    }

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        cl.addSubcommand(new LifecycleCommand(k -> null, CLOCK));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    /** A volume published to node-1 through the controller (the driver reports it in published_node_ids). */
    private String publishedVolume() throws Exception {
        try (CsiClient client = CsiClient.open(Endpoint.parse(endpoint), Optional.empty(), CsiClientOptions.defaults(), new CallTrace())) {
            CsiStorage storage = new CsiStorage(client, true);
            Volume v = storage.createVolume(new VolumeRequest("runbook", 1L << 30, List.of(EXT4), Map.of(), Map.of(), null))
                    .get(30, TimeUnit.SECONDS);
            storage.controllerPublish(v.volumeId(), "node-1", EXT4, false).get(30, TimeUnit.SECONDS);
            return v.volumeId();
        }
    }

    @Test
    void anSvgOfAVolumeNamesEveryStateTheVolumeAndTheTimeAndSaysItIsInferred() throws Exception {
        String id = publishedVolume();
        Path file = dir.resolve("out/lifecycle.svg");

        int code = run("lifecycle", "--endpoint", endpoint, "--volume-id", id, "--file", file.toString());

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        Document doc = f.newDocumentBuilder().parse(file.toFile());
        NodeList nodes = doc.getElementsByTagName("text");
        Set<String> texts = new HashSet<>();
        for (int i = 0; i < nodes.getLength(); i++) texts.add(nodes.item(i).getTextContent());
        assertThat(texts).contains("CREATED", "NODE_READY", "VOL_READY", "PUBLISHED", "Figure 6", "node-1",
                "Volume " + id + " \u00b7 2025-03-01 12:00:00 UTC \u00b7 Figure 6 \u00b7 inferred");
        assertThat(out.toString()).contains("Wrote " + file).contains("node-1: NODE_READY")
                .contains("evidence: ControllerGetVolume: published_node_ids: node-1");
    }

    @Test
    void aPngWithoutAVolumeIsTheFigureAloneAtTwiceItsSize() throws Exception {
        Path file = dir.resolve("figure.png");

        assertThat(run("lifecycle", "--endpoint", endpoint, "--format", "png", "--file", file.toString())).isEqualTo(ExitCodes.OK);

        BufferedImage image = ImageIO.read(file.toFile());
        assertThat(image.getWidth()).isGreaterThan(1000);
        assertThat(Files.size(file)).isGreaterThan(20_000);
        assertThat(out.toString()).contains("Figure 6: the controller advertises CREATE_DELETE_VOLUME");
    }

    @Test
    void aFormatThatCannotBeToldIsAUsageErrorAndWritesNothing() {
        Path file = dir.resolve("figure.gif");

        int code = run("lifecycle", "--endpoint", endpoint, "--file", file.toString());

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--format svg or --format png");
        assertThat(file).doesNotExist();
    }
}
