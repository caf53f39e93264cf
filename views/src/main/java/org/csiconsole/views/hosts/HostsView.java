package org.csiconsole.views.hosts;

import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.ArrayList;
import java.util.List;

/** CSP hosts (initiators, networks, CHAP masked) and CSI nodes (topology, volume limit). */
public final class HostsView extends StorageTableView<HostRow> {
    private final HostsViewModel model;

    public HostsView(HostsViewModel model) {
        super(ResourceKind.HOSTS, model);
        this.model = model;
        List<Column<HostRow, ?>> columns = List.of(
                Column.<HostRow, String>of("name", "Name", HostRow::name).width(170),
                Column.<HostRow, String>of("kind", "Kind", HostRow::kind).width(175),
                Column.<HostRow, String>of("protocol", "Protocol", HostRow::protocol).width(100),
                Column.<HostRow, String>of("initiators", "Initiators", r -> String.join(", ", r.initiators())).width(280).mono()
                        .tooltip(r -> String.join("\n", r.initiators())),
                Column.<HostRow, String>of("networks", "Networks", HostRow::networks).width(140),
                Column.<HostRow, String>of("chap", "CHAP", HostRow::chap).width(170),
                Column.<HostRow, String>of("topology", "Topology", HostRow::topology).width(220),
                Column.<HostRow, String>of("maxVolumes", "Max volumes", HostRow::maxVolumes).alignRight().width(100),
                Column.<HostRow, String>of("id", "Id", HostRow::id).width(140).mono().hidden());
        ResourceTable<HostRow> table = new ResourceTable<>(model.table(), columns)
                .withDetail(this::details, HostRow::name)
                .withEmptyState(Material2AL.DNS, "No hosts or nodes", "CSP hosts and CSI nodes appear here once the storage reports them.");
        install(table);
        model.detailVersionProperty().addListener((o, a, b) -> table.refreshDetail());
        commands(
                new ActionButton("host-create", model.createAction(), Material2AL.ADD, "Register a host with the CSP (Ctrl+N)"),
                new ActionButton("host-delete", model.deleteAction(), Material2AL.DELETE_OUTLINE, "Delete the selected host (Del)"));
    }

    private List<DetailRow> details(HostRow r) {
        List<DetailRow> rows = new ArrayList<>();
        rows.add(DetailRow.of("Kind", r.kind()));
        rows.add(DetailRow.of(r.isHost() ? "Host id" : "Node id", r.id()));
        if (r.isHost() && r.isNode()) rows.add(DetailRow.of("Node id", r.node().nodeId()));
        if (r.isHost()) {
            rows.add(DetailRow.of("UUID", r.host().uuid()));
            rows.add(DetailRow.of("Protocol", r.protocol()));
            rows.add(DetailRow.of("CHAP", r.chap().isEmpty() ? "Not configured" : r.chap()));
            rows.add(DetailRow.of("Virtual domain", r.host().virtualDomain()));
            rows.add(DetailRow.block("Initiators", String.join("\n", r.initiators())));
            rows.add(DetailRow.block("Networks", String.join("\n", r.host().networks())));
        }
        if (r.isNode()) {
            rows.add(DetailRow.of("Topology", r.topology()));
            rows.add(DetailRow.of("Max volumes", r.maxVolumes().isEmpty() ? "Not reported" : r.maxVolumes()));
        }
        rows.add(DetailRow.block("Published volumes", model.publishedVolumes(r)));
        return rows;
    }

    @Override
    public ViewAction refreshAction() {
        return model.refreshAction();
    }

    @Override
    public ViewAction createAction() {
        return model.createAction();
    }

    @Override
    public ViewAction deleteAction() {
        return model.deleteAction();
    }
}
