package org.csiconsole.views.hosts;

import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Topology;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class HostRowTest {
    private static Host host(String id, String name) {
        return new Host(id, id + "-uuid", name, List.of("iqn.2026-01.com.example:" + name), List.of(), List.of(),
                List.of(), "", AccessProtocol.ISCSI, "");
    }

    @Test
    void aCspHostAndACsiNodeOfTheSameNameAreOneRowWithBoth() {
        NodeInfo worker = new NodeInfo("worker-1", 64, new Topology(Map.of("zone", "a")));
        NodeInfo other = new NodeInfo("worker-9", 0, null);
        List<HostRow> rows = HostRow.merge(List.of(host("h-1", "worker-1"), host("h-2", "storage-gw")), List.of(worker, other));

        assertThat(rows).extracting(HostRow::name).containsExactly("worker-1", "storage-gw", "worker-9");
        HostRow both = rows.get(0);
        assertThat(both.isHost()).isTrue();
        assertThat(both.isNode()).isTrue();
        assertThat(both.kind()).isEqualTo("CSP host + CSI node");
        assertThat(both.topology()).contains("zone=a");
        assertThat(both.maxVolumes()).isEqualTo("64");
        assertThat(both.initiators()).containsExactly("IQN iqn.2026-01.com.example:worker-1");
        assertThat(rows.get(1).kind()).isEqualTo("CSP host");
        assertThat(rows.get(2).kind()).isEqualTo("CSI node");
    }
}
