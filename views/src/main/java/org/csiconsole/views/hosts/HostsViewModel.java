package org.csiconsole.views.hosts;

import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Choice;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.UiTask;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * CSP hosts and CSI nodes of one connection. Hosts can be created (initiators by protocol,
 * networks, optional CHAP; the password is sent once and never shown) and deleted with a typed
 * confirmation of the name. Nodes are read only.
 */
public final class HostsViewModel extends StorageViewModel<HostRow> {

    private final ViewAction refresh;
    private final ViewAction create;
    private final ViewAction delete;
    private final PublishedVolumes published;
    private final javafx.beans.property.IntegerProperty detailVersion = new javafx.beans.property.SimpleIntegerProperty(this, "detailVersion");

    public HostsViewModel(ViewContext context) {
        super(context, r -> r.name() + " " + r.id() + " " + r.kind() + " " + String.join(" ", r.initiators()) + " "
                + r.networks() + " " + r.topology());
        // A row read again is the same row (for the selection) when its id is the same.
        table().keyedBy(HostRow::key);
        refresh = refreshActionFor();
        create = whileConnected(action("New host", Feature.CSP_HOSTS, false, this::create));
        delete = whileConnected(action("Delete host", Feature.CSP_HOSTS, "Select a CSP host; nodes are reported by the plugin and cannot be deleted.",
                r -> r != null && r.isHost(), this::delete));
        published = new PublishedVolumes(context.storage(), context.ui(), () -> detailVersion.set(detailVersion.get() + 1));
    }

    /**
     * The volumes published to the node or CSP host of {@code row} (the {@code published_node_ids}
     * of ListVolumes that name the node, or the host by name or uuid: a driver paired with its CSP
     * publishes to the host's uuid), one per line, {@code "None"}, {@code "Reading…"} while the
     * listing runs (then {@link #detailVersionProperty()} changes), or why they are not known.
     */
    public String publishedVolumes(HostRow row) {
        if (row == null) return "";
        return published.of(row.nodeIds(), features());
    }

    /** Changes whenever details read in the background (the volumes published to a node) arrive. */
    public javafx.beans.property.ReadOnlyIntegerProperty detailVersionProperty() {
        return detailVersion;
    }

    @Override
    protected void loadedAll() {
        // The nodes were read again: so are their volumes, when next shown.
        published.forget();
    }

    @Override
    protected String noun() {
        return "hosts and nodes";
    }

    @Override
    protected String singular() {
        return "host or node";
    }

    @Override
    protected Feature listFeature() {
        return null;
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<HostRow> sink) {
        CompletableFuture<Listing<Host>> hosts = features().available(Feature.CSP_HOSTS) ? storage().listHosts()
                : CompletableFuture.completedFuture(Listing.complete(List.of()));
        CompletableFuture<Listing<NodeInfo>> nodes = storage().listNodes().exceptionally(e -> {
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.UNSUPPORTED) return Listing.complete(List.of());
            throw e instanceof CompletionException c ? c : new CompletionException(e);
        });
        return hosts.thenCombine(nodes, (hs, ns) -> {
            List<HostRow> rows = HostRow.merge(hs.items(), ns.items());
            if (!rows.isEmpty()) sink.accept(rows);
            List<SourceFailure> missing = new ArrayList<>(hs.missing());
            missing.addAll(ns.missing());
            return missing;
        });
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction createAction() { return create; }
    public ViewAction deleteAction() { return delete; }

    /** The create-host form, with checks for initiators of the chosen protocol and networks. */
    public Form hostForm() {
        Form f = new Form("Create host", "Registers a host with the CSP so volumes can be published to it.", "Create");
        f.addText("name", "Name", "", TextInput.Kind.LINE, "", n -> n.isBlank() ? "A host name is required." : "");
        f.addText("uuid", "UUID", UUID.randomUUID().toString(), TextInput.Kind.LINE, "Volumes are published to this UUID.",
                u -> u.isBlank() ? "A UUID is required." : "");
        Choice<AccessProtocol> protocol = f.addChoice("protocol", "Protocol", List.of(AccessProtocol.values()), AccessProtocol.ISCSI,
                p -> switch (p) {
                    case ISCSI -> "iSCSI";
                    case FC -> "Fibre Channel";
                    case NVME_TCP -> "NVMe/TCP";
                }, "");
        f.addText("initiators", "Initiators", "", TextInput.Kind.LINES, "One per line: IQNs for iSCSI, WWPNs for FC, NQNs for NVMe/TCP.",
                t -> HostRequest.checkInitiators(protocol.value().get(), lines(t)), protocol.value());
        f.addText("networks", "Networks", "", TextInput.Kind.LINES, "CIDR per line, e.g. 10.0.1.21/24; required for iSCSI.",
                t -> HostRequest.checkNetworks(protocol.value().get(), lines(t)), protocol.value());
        TextInput user = f.addText("chapUser", "CHAP user", "", TextInput.Kind.LINE, "Optional.", u -> "");
        f.addText("chapPassword", "CHAP password", "", TextInput.Kind.SECRET, "Sent once to the CSP; never stored or shown.",
                p -> HostRequest.checkChap(user.value(), p), user.text());
        return f;
    }

    /**
     * Asks for a host with {@link #hostForm()}, then creates it; a failure keeps the form open with
     * the values. The CHAP password is cleared from the form once the form closes.
     */
    public void create() {
        Form form = hostForm();
        try {
            dialogs().submitForm(form, this::create);
        } finally {
            form.text("chapPassword").set("");
        }
    }

    private UiTask<Host> create(Form f) {
        AccessProtocol p = f.<AccessProtocol>choice("protocol").value().get();
        List<String> initiators = lines(f.text("initiators").text().get());
        String user = f.text("chapUser").value();
        String password = f.text("chapPassword").text().get();
        HostRequest host = new HostRequest(f.text("name").value(), f.text("uuid").value(),
                p == AccessProtocol.ISCSI ? initiators : List.of(), p == AccessProtocol.FC ? initiators : List.of(),
                p == AccessProtocol.NVME_TCP ? initiators : List.of(), lines(f.text("networks").text().get()),
                user.isEmpty() ? null : user, password.isEmpty() ? null : password, p, null);
        UiTask<Host> task = context.actions().run(f, "Create host " + host.name(), x -> storage().createHost(host),
                h -> "Created host " + h.name() + ".");
        task.outcome().thenAccept(h -> upsertAndSelect(HostRow.of(h), r -> r.key().equals(HostRow.of(h).key())));
        return task;
    }

    /** Deletes the selected CSP host after the person typed its name. */
    public void delete() {
        HostRow r = selected();
        if (r == null || !r.isHost()) return;
        // the volumes published to it: the CSP refuses to delete such a host (400), so the console says so first
        List<org.csiconsole.core.model.Volume> volumes = new java.util.ArrayList<>();
        storage().listVolumes(page -> {
            volumes.addAll(page);
            return org.csiconsole.core.call.PageSink.READY;
        }).whenComplete((missing, e) -> context.ui().execute(() -> deleteHost(r,
                org.csiconsole.core.risk.TargetFacts.ofHost(r.host().id(), r.name(), volumes, e == null && missing.isEmpty()))));
    }

    private void deleteHost(HostRow r, org.csiconsole.core.risk.TargetFacts facts) {
        if (!consent(org.csiconsole.core.risk.RiskOperation.DELETE_HOST, List.of(facts), java.util.Map.of("id", r.host().id()), "Delete")) return;
        context.actions().run("Delete host " + r.name(), x -> storage().deleteHost(r.host().id()), v -> "Deleted.")
                .outcome().thenRun(() -> {
                    remove(x -> x.key().equals(r.key()));
                    // The CSI node of the same name is still there: it keeps its row.
                    if (r.isNode()) upsert(HostRow.of(r.node()), x -> x.key().equals(HostRow.of(r.node()).key()));
                });
    }

    private static List<String> lines(String text) {
        return text == null ? List.of() : text.lines().map(String::strip).filter(s -> !s.isEmpty()).toList();
    }
}
