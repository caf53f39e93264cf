package org.csiconsole.views.fence;

import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ActionButton;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.workbench.ResourceKind;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.List;

/**
 * The network fence of a connection: the fenced CIDR blocks, with Fence, Unfence and Clients to
 * fence, each gated on the csi-addons capability the sidecar advertises.
 *
 * <p>Node ids: {@code fence-fence}, {@code fence-unfence}, {@code fence-clients}.
 */
public final class FenceView extends StorageTableView<FenceRow> {
    private final FenceViewModel model;

    public FenceView(FenceViewModel model) {
        super(ResourceKind.FENCES, model);
        this.model = model;
        List<Column<FenceRow, ?>> columns = List.of(
                Column.<FenceRow, String>of("cidr", "CIDR block", FenceRow::cidr).width(260).mono(),
                Column.<FenceRow, String>of("family", "Family", FenceRow::family).width(90),
                Column.<FenceRow, String>of("prefix", "Prefix length", FenceRow::prefixLength).alignRight().width(125),
                Column.<FenceRow, String>of("addresses", "Addresses", FenceRow::addresses).alignRight().width(260));
        install(new ResourceTable<>(model.table(), columns)
                .withDetail(FenceView::details, FenceRow::cidr)
                .withEmptyState(Material2AL.BLOCK, "No fenced blocks",
                        "The storage refuses no client network. Fence a block to cut its clients' I/O, for example a failed site's."));
        commands(
                new ActionButton("fence-fence", model.fenceAction(), Material2AL.BLOCK, "Fence client networks: their I/O is refused"),
                new ActionButton("fence-unfence", model.unfenceAction(), Material2AL.LOCK_OPEN, "Unfence the selected block"),
                new ActionButton("fence-clients", model.clientsAction(), Material2MZ.PERSON_SEARCH,
                        "Ask the driver which clients a fence should name"));
    }

    private static List<DetailRow> details(FenceRow r) {
        return List.of(
                DetailRow.of("CIDR block", r.cidr()),
                DetailRow.of("Family", r.family().isEmpty() ? "Not read" : r.family()),
                DetailRow.of("Prefix length", r.prefixLength().isEmpty() ? "Not read" : r.prefixLength() + " bits"),
                DetailRow.of("Addresses", r.addresses()),
                DetailRow.of("Effect", "Clients in this block cannot do I/O on their volumes until it is unfenced."));
    }

    @Override
    public ViewAction refreshAction() {
        return model.refreshAction();
    }

    @Override
    public ViewAction createAction() {
        return model.fenceAction();
    }

    @Override
    public ViewAction deleteAction() {
        return model.unfenceAction();
    }
}
