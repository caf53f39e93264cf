package org.csiconsole.views.workbench;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * Where views plug in. Which view opens for a resource kind of a connection, and the cards features
 * add to the start page. The composition root registers one
 * factory per kind ({@code registry.register(ResourceKind.VOLUMES, c -> new VolumesView(...))});
 * kinds without a factory open a {@link PlaceholderView} that says the view is not available.
 */
public final class ViewRegistry {
    private final Map<ResourceKind, Function<ConnectionModel, ResourceView>> factories = new EnumMap<>(ResourceKind.class);
    private final ObservableList<StartSection> startSections = FXCollections.observableArrayList();
    /** One read-only view, kept here: it holds its own listeners only weakly on the list. */
    private final ObservableList<StartSection> startSectionsView = FXCollections.unmodifiableObservableList(startSections);

    /** Registers (or replaces) the factory for {@code kind}. */
    public ViewRegistry register(ResourceKind kind, Function<ConnectionModel, ResourceView> factory) {
        factories.put(Objects.requireNonNull(kind), Objects.requireNonNull(factory));
        return this;
    }

    public boolean has(ResourceKind kind) {
        return factories.containsKey(kind);
    }

    /** A new view for {@code kind} of {@code connection}, when a factory is registered. */
    public Optional<ResourceView> create(ResourceKind kind, ConnectionModel connection) {
        Function<ConnectionModel, ResourceView> f = factories.get(kind);
        return f == null ? Optional.empty() : Optional.of(f.apply(connection));
    }

    /** Adds a card to the start page: to the one open now and to every one opened later. */
    public ViewRegistry addStartSection(StartSection section) {
        startSections.add(Objects.requireNonNull(section));
        return this;
    }

    /** The start page's cards, in the order they were added. */
    public ObservableList<StartSection> startSections() {
        return startSectionsView;
    }
}
