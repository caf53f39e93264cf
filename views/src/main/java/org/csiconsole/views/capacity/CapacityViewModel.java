package org.csiconsole.views.capacity;

import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.Topology;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.resource.ViewContext;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * GetCapacity per topology segment and parameter set (CSI spec, "GetCapacity"): the connection's
 * overview, plus queries for a segment and parameters the person types.
 */
public final class CapacityViewModel extends StorageViewModel<Capacity> {
    private final ViewAction refresh;
    private final ViewAction query;

    public CapacityViewModel(ViewContext context) {
        super(context, c -> segment(c) + " " + parameters(c));
        refresh = refreshActionFor();
        query = action("Query capacity", Feature.CAPACITY, false, this::query);
        // Creating, expanding or deleting volumes and snapshots changes what is available.
        follows(ResourceKind.VOLUMES, ResourceKind.SNAPSHOTS);
    }

    @Override
    protected String noun() {
        return "capacity reports";
    }

    @Override
    protected Feature listFeature() {
        return Feature.CAPACITY;
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<Capacity> sink) {
        return storage().capacity().thenApply(l -> {
            if (!l.items().isEmpty()) sink.accept(l.items());
            return l.missing();
        });
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction queryAction() { return query; }

    /** Asks for a segment and a parameter set, then adds GetCapacity's answer as a row. */
    public void query() {
        Form f = new Form("Query capacity", "GetCapacity for one topology segment and parameter set.", "Query");
        f.addText("topology", "Topology segment", "", TextInput.Kind.LINES, "key=value per line; empty for all segments.", Form::checkKeyValues);
        f.addText("parameters", "Parameters", "", TextInput.Kind.LINES, "key=value per line, as for CreateVolume.", Form::checkKeyValues);
        if (!ask(f)) return;
        Map<String, String> seg = Form.parseKeyValues(f.text("topology").text().get());
        Map<String, String> params = Form.parseKeyValues(f.text("parameters").text().get());
        Topology topology = seg.isEmpty() ? null : new Topology(seg);
        context.actions().run("GetCapacity " + (topology == null ? "all segments" : topology.toString()),
                p -> storage().capacity(topology, params), c -> Texts.knownSize(c.availableCapacityBytes()) + " available.")
                .outcome().thenAccept(c -> upsert(c, x -> Objects.equals(x.topology(), c.topology()) && x.parameters().equals(c.parameters())));
    }

    /** The segment in words; {@code All segments} for none. */
    public static String segment(Capacity c) {
        return c.topology() == null || c.topology().segments().isEmpty() ? "All segments" : c.topology().toString();
    }

    /** The parameter set in words; {@code Default} for none. */
    public static String parameters(Capacity c) {
        return c.parameters().isEmpty() ? "Default" : Texts.keyValues(c.parameters()).replace('\n', ',');
    }
}
