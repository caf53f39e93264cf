package org.csiconsole.views.fence;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.FenceConfirmation;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.risk.FenceFacts;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.workbench.ResourceKind;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The network fence of one connection (csi-addons fence.proto): the fenced CIDR blocks
 * (ListClusterFence), fence and unfence with parameters and secrets, and the clients the driver
 * says a fence should name (GetFenceClients).
 *
 * <p>Fence and unfence ask twice: a form (blocks one per line, {@code key=value} parameters,
 * masked secrets), then a typed confirmation that names the blocks and says what happens to the
 * clients ({@link FenceConfirmation}). The secrets go into the one request and are cleared from
 * the form when it closes; they are never kept. The parameters of the last fence are kept (not the
 * secrets) and sent with the listing, so a driver that needs them to find its cluster lists it.
 */
public final class FenceViewModel extends StorageViewModel<FenceRow> {
    private final ViewAction refresh;
    private final ViewAction fence;
    private final ViewAction unfence;
    private final ViewAction clients;
    private Map<String, String> listParameters = Map.of();
    /** True while the last ListClusterFence failed: the driver cannot say which blocks are fenced. */
    private final javafx.beans.property.BooleanProperty unlisted = new javafx.beans.property.SimpleBooleanProperty(false);

    public FenceViewModel(ViewContext context) {
        super(context, r -> r.cidr() + " " + r.family());
        table().keyedBy(FenceRow::cidr);
        refresh = refreshActionFor();
        fence = whileConnected(action("Fence\u2026", Feature.NETWORK_FENCE, false, () -> fence("")));
        unfence = whileConnected(unfenceAction(this::unfence));
        clients = action("Clients to fence\u2026", Feature.GET_CLIENTS_TO_FENCE, false, this::clients);
    }

    @Override
    protected String noun() {
        return "fenced blocks";
    }

    @Override
    protected Feature listFeature() {
        return Feature.LIST_FENCES;
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<FenceRow> sink) {
        // Not sent unless advertised: the status then says which capability is missing.
        if (!features().available(Feature.LIST_FENCES)) return org.csiconsole.core.port.Ports.unsupported("ListClusterFence");
        return storage().listFences(listParameters, Secrets.NONE).whenComplete((cidrs, e) -> context.ui().execute(() -> {
                    // a read cancelled by a newer one says nothing of the driver
                    if (!(e instanceof java.util.concurrent.CancellationException)) unlisted.set(e != null);
                }))
                .thenApply(cidrs -> {
                    if (!cidrs.isEmpty()) sink.accept(cidrs.stream().map(FenceRow::of).toList());
                    return List.of();
                });
    }

    /**
     * Unfence, offered for a listed block only (a block ListClusterFence does not name has nothing to unfence); on a
     * driver that cannot list its fences, offered without one, the form then naming the blocks.
     */
    private ViewAction unfenceAction(Runnable handler) {
        javafx.beans.binding.StringBinding why = javafx.beans.binding.Bindings.createStringBinding(() -> {
            org.csiconsole.core.port.Features f = featuresProperty().get();
            if (!f.available(Feature.NETWORK_FENCE)) return f.reason(Feature.NETWORK_FENCE);
            return !cannotList() && selected() == null ? "Select one of the fenced blocks first." : "";
        }, featuresProperty(), selectedProperty(), unlisted);
        return new ViewAction("Unfence\u2026", why.isEmpty(), why, handler);
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction fenceAction() { return fence; }
    public ViewAction unfenceAction() { return unfence; }
    public ViewAction clientsAction() { return clients; }

    /**
     * The fence or unfence form: {@code cidrs} (one block per line, IPv4 or IPv6), {@code parameters}
     * ({@code key=value} lines) and {@code secrets} ({@code key=value} pairs separated by {@code ;},
     * masked).
     */
    public Form fenceForm(boolean fencing, String cidrs) {
        Form f = new Form(fencing ? "Fence client networks" : "Unfence client networks", fencing
                ? "The storage refuses I/O from every address in these blocks (csi-addons FenceClusterNetwork)."
                : "The storage accepts I/O from these blocks again (csi-addons UnfenceClusterNetwork).",
                fencing ? "Fence\u2026" : "Unfence\u2026");
        f.addText("cidrs", "CIDR blocks", cidrs, TextInput.Kind.LINES,
                "One per line, IPv4 or IPv6: 10.1.0.0/24, fd00:10::/64. A bare address is one host; host bits are cleared.",
                FenceViewModel::checkCidrs);
        TextInput blocks = f.text("cidrs");
        blocks.noteFrom(javafx.beans.binding.Bindings.createStringBinding(() -> cidrNotes(blocks.text().get()), blocks.text()));
        f.addText("parameters", "Parameters", format(listParameters), TextInput.Kind.LINES,
                "key=value per line: what the driver needs to find its storage cluster (e.g. clusterID=...).", Form::checkKeyValues);
        addSecrets(f);
        return f.on(context.connectionName());
    }

    /** Asks for blocks (prefilled with {@code cidrs}), confirms by typing them, then fences; the rows appear. */
    public void fence(String cidrs) {
        change(true, cidrs);
    }

    /**
     * Unfences the selected blocks (every selected row, one per line of the form) after the form and the typed confirmation;
     * the rows go. On a driver that cannot list its fences the form opens empty, and core's assessment asks for the send to
     * be an override.
     */
    public void unfence() {
        List<FenceRow> rows = targets();
        if (!rows.isEmpty()) change(false, String.join("\n", rows.stream().map(FenceRow::cidr).toList()));
        else if (cannotList()) change(false, "");
    }

    /** True when the driver does not list its fenced blocks: LIST_FENCES is not offered, or the last listing failed. */
    private boolean cannotList() {
        return !featuresProperty().get().available(Feature.LIST_FENCES) || unlisted.get();
    }

    private void change(boolean fencing, String cidrs) {
        Form form = fenceForm(fencing, cidrs);
        FenceRequest request;
        try {
            if (!ask(form)) return;
            request = new FenceRequest(Cidr.parseAll(form.text("cidrs").text().get()),
                    Form.parseKeyValues(form.text("parameters").text().get()), Form.parseSecrets(form.text("secrets").text().get()));
        } finally {
            form.text("secrets").set("");
        }
        whoIsInside(fencing, request).outcome().whenComplete((r, e) -> {
            if (e != null) {
                showStatus("Not sent: the reads before the " + (fencing ? "fence" : "unfence") + " confirmation were cancelled.");
                return;
            }
            showStatus(r.unread().isEmpty() ? counted(table().all().size())
                    : "The fence confirmation could not read " + String.join(", ", r.unread()) + ".");
            send(fencing, request, r.facts());
        });
    }

    /**
     * Who the blocks of {@code request} cut off, read before the confirmation ({@link FenceFacts}): the clients
     * GetFenceClients reports for its parameters (when advertised; else those last reported), the CSP hosts,
     * and the volumes published to them; for an unfence, also which blocks an unplanned failover of this console fenced
     * (its audit log) with the pair's roles now ({@link FenceFacts#readForUnfence}). A source that cannot be read is named
     * on the status line and left out. The reads run as a task (its Cancel stops the action before any confirmation) and
     * the status line says what they wait for.
     */
    private org.csiconsole.views.task.UiTask<FenceFacts.WhoIsInside> whoIsInside(boolean fencing, FenceRequest request) {
        String what = "Reading who " + FenceConfirmation.expected(request.cidrs()) + (fencing ? " cuts off (clients, hosts, volumes)"
                : " lets write again (clients, hosts, volumes, the failover that fenced it)") + " before the confirmation";
        showStatus(what + "\u2026");
        return context.actions().tasks().submit(what, p -> fencing ? FenceFacts.read(storage(), features(), request, knownClients)
                : FenceFacts.readForUnfence(storage(), features(), request, knownClients, context.known().audit()));
    }

    private void send(boolean fencing, FenceRequest request, List<TargetFacts> facts) {
        List<Cidr> blocks = request.cidrs();
        String expected = FenceConfirmation.expected(blocks);
        String verb = fencing ? "Fence" : "Unfence";
        if (!consent(fencing ? RiskOperation.FENCE : RiskOperation.UNFENCE, facts, Map.of("cidrs", expected), verb)) return;
        Map<String, String> parameters = request.parameters();
        context.actions().run(verb + " " + expected, x -> fencing ? storage().fence(request) : storage().unfence(request),
                v -> FenceConfirmation.done(fencing, blocks, context.connectionName()))
                .outcome().thenRun(() -> {
                    listParameters = parameters;
                    for (Cidr c : blocks) {
                        if (fencing) upsertAndSelect(FenceRow.of(c.text()), x -> sameBlock(x, c));
                        else remove(x -> sameBlock(x, c));
                    }
                    tell(ResourceKind.FENCES, (fencing ? "Fenced " : "Unfenced ") + expected);
                });
    }

    /** The clients form: the parameters that identify the storage cluster, and masked secrets. */
    public Form clientsForm() {
        Form f = new Form("Clients to fence", "Asks the driver which clients a fence should name, with their addresses "
                + "(csi-addons GetFenceClients). The request names no volume or node: the parameters identify the storage cluster.",
                "Ask");
        f.addText("parameters", "Parameters", format(listParameters), TextInput.Kind.LINES,
                "key=value per line, e.g. clusterID=...; the reference plugin takes node_id=<node> for one node's clients.",
                Form::checkKeyValues);
        addSecrets(f);
        return f;
    }

    /** Asks GetFenceClients, shows the clients, and offers to fence their addresses. */
    public void clients() {
        Form form = clientsForm();
        Map<String, String> parameters;
        Secrets secrets;
        try {
            if (!ask(form)) return;
            parameters = Form.parseKeyValues(form.text("parameters").text().get());
            secrets = Form.parseSecrets(form.text("secrets").text().get());
        } finally {
            form.text("secrets").set("");
        }
        context.actions().run("Clients to fence", x -> storage().fenceClients(parameters, secrets),
                cs -> cs.size() + (cs.size() == 1 ? " client" : " clients") + " reported.")
                .outcome().thenAccept(cs -> offer(cs));
    }

    /** The clients GetFenceClients last reported, with their addresses (what a fence confirmation names). */
    private List<FenceClient> knownClients = List.of();

    private void offer(List<FenceClient> clients) {
        knownClients = List.copyOf(clients);
        if (clients.isEmpty()) {
            dialogs().showInformation("Clients to fence", "The driver reports no client to fence.");
            return;
        }
        StringBuilder text = new StringBuilder();
        List<String> addresses = new java.util.ArrayList<>();
        for (FenceClient c : clients) {
            text.append(c.clientId()).append(": ").append(c.addresses().isEmpty() ? "no address" : String.join(", ", c.addresses()))
                    .append('\n');
            for (String a : c.addresses()) if (!addresses.contains(a)) addresses.add(a);
        }
        if (addresses.isEmpty()) {
            dialogs().showInformation("Clients to fence", text.toString().strip());
            return;
        }
        // nothing is chosen for the admin: the form opens empty, the clients and their addresses beside it
        if (dialogs().confirm("Clients to fence", text.toString().strip()
                + "\n\nThe fence form opens empty: give the blocks of the clients to cut off.", "Fence\u2026")) {
            fence("");
        }
    }

    private static boolean sameBlock(FenceRow row, Cidr c) {
        if (row.cidr().equals(c.text())) return true;
        try {
            return Cidr.parse(row.cidr()).text().equals(c.text());
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    private static void addSecrets(Form f) {
        f.addText("secrets", "Secrets", "", TextInput.Kind.SECRET,
                "key=value pairs separated by ';' (e.g. userID=fence;userKey=...). Sent with this call only; never kept or shown.",
                Form::checkSecrets);
    }

    /** Core's notes on the blocks as read ({@link FenceConfirmation#notes}); empty while they do not parse. */
    private static String cidrNotes(String text) {
        try {
            return FenceConfirmation.notes(Cidr.parseAll(text));
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    static String checkCidrs(String text) {
        try {
            Cidr.parseAll(text);
            return "";
        } catch (IllegalArgumentException e) {
            return e.getMessage();
        }
    }

    private static String format(Map<String, String> m) {
        StringBuilder b = new StringBuilder();
        m.forEach((k, v) -> b.append(k).append('=').append(v).append('\n'));
        return b.toString().strip();
    }
}
