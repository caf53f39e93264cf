package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.FenceRecord;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.risk.FailoverFence;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code unfence} of a block this console fenced as the first step of an unplanned failover: its dry run and its consent
 * render core's assessment, which reads the failover from the audit log and the pair's roles from the driver.
 */
class UnfenceAfterFailoverCommandTest {
    private static final String BLOCK = "10.10.3.0/24";

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private LazyAuditLog audit;
    private String oldPrimary;
    private String promoted;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        var v = plugin.model().volumes().create(new VolumeSpec("pvc-erp", "site-a", null, 1L << 30, false, "ext4", List.of(),
                List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));
        oldPrimary = v.id();
        promoted = plugin.model().replications().enable(oldPrimary, Map.of(), 60_000).peerId();
        plugin.model().fencing().fence(List.of(BLOCK));
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(), Optional.empty(), Optional.empty()));
        audit = new LazyAuditLog(dir.resolve("data"));
        // the record the failover's fence step left: the call, its block, and the workflow naming the pair
        audit.append(new AuditRecord(Instant.now().minusSeconds(600), AuditOrigin.local("Demo"), csi(), "grpc", FailoverFence.FENCE_CALL,
                Map.of("cidr", List.of(BLOCK)), "", AuditOutcome.OK, "", "", 4, "c-1", 1, false, false,
                FailoverFence.words("site-a", oldPrimary, true, "site-b", promoted))).join();
    }

    @AfterEach
    void stop() {
        audit.close();
        plugin.close();
    }

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object c : FenceCommands.all(k -> null, Map.of(), Optional::empty, audit, audit)) cl.addSubcommand(c);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String csi() {
        return "unix://" + dir.resolve("csi.sock");
    }

    private List<String> fenced() {
        return plugin.model().fencing().fences().stream().map(FenceRecord::cidr).toList();
    }

    private String splitBrainDanger() {
        return "DANGER: clients in " + BLOCK + " can write to " + oldPrimary + " on site-a again, which is still primary beside "
                + promoted + " on site-b (split brain): recover the split brain first";
    }

    @Test
    void aDryRunInSplitBrainNamesTheFailoverAndBothPrimariesAndSaysTheRealRunIsRefused() {
        plugin.replicationFaults().splitBrain(oldPrimary).join();

        int code = run("unfence", "--endpoint", csi(), "--cidr", BLOCK, "--dry-run");

        assertThat(code).as("refused up front: the real run would be refused without --override").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("the real run would be refused: clients in " + BLOCK + " would write to " + oldPrimary
                + " on site-a again while it and " + promoted + " on site-b are both primary (split brain)");
        assertThat(out.toString()).contains(splitBrainDanger())
                .contains("by this console as the first step of the unplanned failover of " + oldPrimary + " on site-a to " + promoted + " on site-b")
                .contains("Safer: Recover the split brain first").contains("To confirm, type " + BLOCK + ".")
                .contains("Dry run: nothing was sent.");
        assertThat(fenced()).containsExactly(BLOCK);
    }

    @Test
    void inSplitBrainTheUnfenceIsRefusedAndSentOnlyAsATypedOverrideAuditedAsOne() {
        plugin.replicationFaults().splitBrain(oldPrimary).join();

        assertThat(run("unfence", "--endpoint", csi(), "--cidr", BLOCK, "--yes=" + BLOCK)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains(splitBrainDanger()).contains("Recover the split brain first")
                .contains("--override").contains("--yes=" + BLOCK);
        assertThat(fenced()).containsExactly(BLOCK);

        assertThat(run("unfence", "--endpoint", csi(), "--cidr", BLOCK, "--override", "--yes=10.10.4.0/24")).isEqualTo(ExitCodes.USAGE);
        assertThat(fenced()).containsExactly(BLOCK);

        assertThat(run("unfence", "--endpoint", csi(), "--cidr", BLOCK, "--override", "--yes=" + BLOCK)).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(fenced()).isEmpty();
        assertThat(audit.find(new org.csiconsole.core.audit.AuditQuery(null, null, null, null, null, 0, org.csiconsole.core.audit.AuditQuery.ALL))
                .stream().map(org.csiconsole.core.audit.AuditEntry::record).filter(r -> r.call().endsWith("/UnfenceClusterNetwork")))
                .singleElement().satisfies(r -> assertThat(r.override()).as("audited as an override").isTrue());
    }

    @Test
    void whileTheFailoversPromoteIsNotInEffectTheOldPrimaryIsStillADanger() {
        int code = run("unfence", "--endpoint", csi(), "--cidr", BLOCK, "--dry-run");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("DANGER: clients in " + BLOCK + " can write to " + oldPrimary + " on site-a again, which is "
                + "still primary (" + promoted + " on site-b is secondary: the failover's promote is not in effect)");
    }

    @Test
    void onceThePairHealedTheDryRunNamesTheRolesWithoutADanger() {
        plugin.model().replications().demote(oldPrimary);
        plugin.model().replications().promote(promoted, false);

        int code = run("unfence", "--endpoint", csi(), "--cidr", BLOCK, "--dry-run");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).doesNotContain("DANGER").doesNotContain("split brain")
                .contains("Caution: clients in " + BLOCK + " can write again: " + oldPrimary + " on site-a is secondary now and "
                        + promoted + " on site-b primary");
    }
}
