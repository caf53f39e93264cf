package org.csiconsole.views.plugin;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.GroupControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.core.port.AddonsInfo;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.ViewContext;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The plugin behind a connection: identity (GetPluginInfo), every plugin, controller, node and
 * group controller capability the spec defines with whether it is advertised and whether it is
 * alpha, and the csi-addons identity and capabilities.
 */
public final class PluginViewModel extends StorageViewModel<CapabilityRow> {
    /**
     * Capabilities marked {@code alpha_enum_value} in csi.proto v1.12.0, by service; used for the
     * ones the plugin does not advertise (for advertised ones the plugin's own flags are used).
     */
    static final Set<String> SPEC_ALPHA = Set.of("Plugin.SNAPSHOT_METADATA_SERVICE", "Controller.VOLUME_CONDITION",
            "Controller.GET_VOLUME", "Controller.SINGLE_NODE_MULTI_WRITER", "Controller.GET_SNAPSHOT",
            "Node.VOLUME_CONDITION", "Node.SINGLE_NODE_MULTI_WRITER");

    private final ObjectProperty<PluginInfo> info = new SimpleObjectProperty<>(this, "info");
    private final ObjectProperty<AddonsInfo> addons = new SimpleObjectProperty<>(this, "addons");
    private final javafx.beans.property.StringProperty addonsNote = new javafx.beans.property.SimpleStringProperty(this, "addonsNote", "");
    private final ViewAction refresh;

    public PluginViewModel(ViewContext context) {
        super(context, r -> r.service() + " " + r.name() + (r.advertised() ? " advertised" : " missing") + (r.alpha() ? " alpha" : ""));
        refresh = action("Refresh plugin", null, false, this::rereadAndRefresh);
    }

    @Override
    protected String noun() {
        return "capabilities";
    }

    @Override
    protected Feature listFeature() {
        return null;
    }

    @Override
    protected CompletableFuture<List<SourceFailure>> load(PageSink<CapabilityRow> sink) {
        CompletableFuture<Features> f = storage().features();
        CompletableFuture<PluginInfo> i = storage().pluginInfo();
        // A csi-addons endpoint that does not answer leaves its rows out and is named; the CSI rows stay.
        List<SourceFailure> missing = new ArrayList<>();
        CompletableFuture<Optional<AddonsInfo>> a = storage().addons().exceptionally(e -> {
            synchronized (missing) {
                missing.add(SourceFailure.of(ADDONS_SOURCE, e));
            }
            return Optional.empty();
        });
        return f.thenCombine(a, (features, add) -> {
            List<CapabilityRow> rows = rows(features.csi(), add.orElse(null));
            boolean failed;
            synchronized (missing) {
                failed = !missing.isEmpty();
            }
            context.ui().execute(() -> {
                featuresProperty().set(features);
                addonsNote.set(add.isPresent() || failed ? "" : NOT_SERVED);
                addons.set(add.orElse(null));
            });
            sink.accept(rows);
            return null;
        }).thenCombine(i, (x, plugin) -> {
            context.ui().execute(() -> info.set(plugin));
            synchronized (missing) {
                return List.copyOf(missing);
            }
        });
    }

    /** What the view says of a driver without csi-addons: normal, not a failure. */
    static final String NOT_SERVED = "csi-addons is not served here (its Identity answered UNIMPLEMENTED): fencing, reclaim "
            + "space, key rotation and replication are not available. If a csi-addons sidecar listens on a socket of its own, "
            + "give it in the connection (Edit, csi-addons).";

    /** The source a csi-addons endpoint that does not answer is named by. */
    static final String ADDONS_SOURCE = "csi-addons";

    public ViewAction refreshAction() {
        return refresh;
    }

    /** GetPluginInfo's answer; null until read. */
    public ObjectProperty<PluginInfo> infoProperty() {
        return info;
    }

    /** The csi-addons identity and capabilities; null when there is no csi-addons endpoint. */
    public ObjectProperty<AddonsInfo> addonsProperty() {
        return addons;
    }

    /** Why there is no csi-addons identity: {@link #NOT_SERVED} for a driver without csi-addons; empty otherwise. */
    public javafx.beans.property.ReadOnlyStringProperty addonsNoteProperty() {
        return addonsNote;
    }

    /** Every capability the spec defines, advertised or not, then the csi-addons capabilities. */
    public static List<CapabilityRow> rows(CapabilitySet caps, AddonsInfo addons) {
        List<CapabilityRow> rows = new ArrayList<>();
        for (PluginCapability c : PluginCapability.values()) rows.add(row("Plugin", c, caps.has(c), caps));
        for (ControllerCapability c : ControllerCapability.values()) rows.add(row("Controller", c, caps.has(c), caps));
        for (NodeCapability c : NodeCapability.values()) rows.add(row("Node", c, caps.has(c), caps));
        for (GroupControllerCapability c : GroupControllerCapability.values()) rows.add(row("Group controller", c, caps.has(c), caps));
        if (addons != null) for (String c : addons.capabilities()) rows.add(new CapabilityRow("csi-addons", c, true, false));
        return rows;
    }

    private static CapabilityRow row(String service, Enum<?> c, boolean advertised, CapabilitySet caps) {
        boolean alpha = advertised ? caps.isAlpha(c) || SPEC_ALPHA.contains(service + "." + c.name())
                : SPEC_ALPHA.contains(service + "." + c.name());
        return new CapabilityRow(service, c.name(), advertised, alpha);
    }
}
