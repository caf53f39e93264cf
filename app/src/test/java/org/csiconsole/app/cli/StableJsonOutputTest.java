package org.csiconsole.app.cli;

import csi.v1.Csi;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.oddpeer.RbdLikeDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** JSON output is stable: map keys sorted, two runs against the same state byte-identical; odd answers read right. */
class StableJsonOutputTest {
    private final FakeCsiDriver fake = new FakeCsiDriver();
    private final RbdLikeDriver rbd = new RbdLikeDriver();

    @AfterEach
    void stop() throws Exception {
        fake.close();
        rbd.close();
    }

    private static String run(String... args) {
        StringWriter out = new StringWriter();
        CommandLine cl = CsiConsoleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(new StringWriter(), true));
        assertThat(cl.execute(args)).as(String.join(" ", args)).isZero();
        return out.toString();
    }

    @Test
    void volumesAsJsonListMapKeysSortedAndTwoRunsAreByteIdentical() throws Exception {
        // inserted out of order, in more keys than an immutable map keeps in insertion order
        Csi.Volume.Builder v = Csi.Volume.newBuilder().setVolumeId("vol-ctx").setCapacityBytes(1L << 30);
        for (String k : new String[] {"zeta", "pool", "alpha", "imageFeatures", "clusterID", "mid", "journalPool", "beta"}) {
            v.putVolumeContext(k, k + "-value");
        }
        fake.volumes.put("vol-ctx", v.build());
        String ep = fake.startInProcess("stable-" + UUID.randomUUID()).text();

        String first = run("volumes", "--endpoint", ep, "--output", "json");
        String second = run("volumes", "--endpoint", ep, "--output", "json");

        assertThat(second).isEqualTo(first);
        String[] sorted = {"alpha", "beta", "clusterID", "imageFeatures", "journalPool", "mid", "pool", "zeta"};
        int at = -1;
        for (String k : sorted) {
            int i = first.indexOf("\"" + k + "\" :");
            assertThat(i).as(k + " after the key before it in\n" + first).isGreaterThan(at);
            at = i;
        }
    }

    @Test
    void infoOfADriverThatLeavesReadyUnsetSaysItIsAssumed() throws Exception {
        String ep = rbd.startInProcess("rbd-info-" + UUID.randomUUID()).text();

        assertThat(run("info", "--endpoint", ep)).contains("not reported, assumed ready (CSI spec: Probe)");
        assertThat(run("info", "--endpoint", ep, "--output", "json")).contains("\"readiness\" : \"NOT_REPORTED\"")
                .contains("\"ready\" : true");
    }
}
