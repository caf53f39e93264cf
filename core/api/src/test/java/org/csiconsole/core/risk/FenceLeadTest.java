package org.csiconsole.core.risk;

import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeSource;
import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;

/** A fence's consent leads with what it cuts off and how much, before the clients' details, and names each volume beside its id. */
class FenceLeadTest {
    private static Volume on(String id, String name, String node) {
        return new Volume(id, name, 1L << 30, VolumeSource.NONE, List.of(), Map.of(), Map.of(), List.of(), List.of(node), null, "",
                Origin.CSI, Map.of());
    }

    private final List<FenceClient> clients = List.of(new FenceClient("worker-01", List.of("10.1.0.11")),
            new FenceClient("worker-02", List.of("10.2.0.12")));
    private final List<Volume> volumes = List.of(on("vol-1", "erp-db", "worker-01"), on("vol-2", "", "worker-02"), on("vol-3", "erp-log", "worker-02"));

    private Assessment fence(String cidr) {
        List<TargetFacts> blocks = FenceFacts.of(List.of(Cidr.parse(cidr)), clients, List.of(), volumes);
        return new RiskModel(ZoneOffset.UTC).assess(RiskRequest.of(RiskOperation.FENCE, blocks, NOW).on("Demo (inproc:demo)"));
    }

    @Test
    void fencingEveryNetworkLeadsWithTheDangerAndTheCountOnItsConnection() {
        Assessment a = fence("0.0.0.0/0");

        assertThat(a.state().get(0)).isEqualTo("DANGER: every client of every network (0.0.0.0/0): 2 known hosts and 3 volumes "
                + "on Demo (inproc:demo) cut off");
        assertThat(a.lines().subList(0, 3)).as("the first lines a person reads, on the command line too")
                .anySatisfy(l -> assertThat(l).contains("every client of every network"));
        assertThat(a.state().get(1)).as("then the details, each volume named beside its id")
                .contains("published to it: erp-db (vol-1)").contains("published to it: vol-2, erp-log (vol-3)");
    }

    @Test
    void aNarrowBlockLeadsWithTheClientsInIt() {
        assertThat(fence("10.1.0.0/24").state().get(0)).isEqualTo("DANGER: every client in 10.1.0.0/24: 1 known host and 1 volume "
                + "on Demo (inproc:demo) cut off");
    }
}
