package org.csiconsole.views.replication;

import org.csiconsole.core.model.Words;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.ReplicationSampler;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.replication.SitePair;
import org.csiconsole.core.replication.SitePairs;
import org.csiconsole.views.ViewModel;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.table.TableLoad;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceChanges;
import org.csiconsole.views.workbench.ResourceKind;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The replication perspective's state: every open connection's replicated volumes and volume groups
 * as its sampler reads them (one row per volume or group per site), site A and site B with their
 * pairs and mismatches, the summary, and the sampling settings.
 *
 * <p>Sampling (csi-addons GetVolumeReplicationInfo, CSP partners and snapshot groups) runs in each
 * connection's {@link ReplicationSampler}: every {@link SamplerSettings#interval()} (30 s by default)
 * while the view is shown, every {@link SamplerSettings#hiddenInterval()} while it is hidden, so the
 * history keeps filling. A sample whose read failed keeps its figures and is shown stale with its
 * age, never as current. Rows are built off the UI thread ({@code work}) and reach the tables in one
 * change each; the FX thread only swaps lists.
 *
 * <p>UI thread only, except where said.
 */
public final class ReplicationViewModel extends ViewModel {
    private final ObservableList<ConnectionModel> connections;
    private final ReplicationServices services;
    private final Executor ui;
    private final Executor work;
    private final Map<ConnectionModel, List<SiteFeed>> feeds = new LinkedHashMap<>();
    private final Map<ConnectionModel, javafx.beans.value.ChangeListener<StorageService>> storageListeners = new LinkedHashMap<>();
    /** Each followed connection's subscription to its told changes of volumes and groups. */
    private final Map<ConnectionModel, ResourceChanges.Subscription> changeListeners = new LinkedHashMap<>();
    /** Counts the state changes of the followed connections: what {@link #notAnswering} bindings depend on. */
    private final javafx.beans.property.LongProperty statesChanged = new javafx.beans.property.SimpleLongProperty(this, "statesChanged");
    private final javafx.beans.value.ChangeListener<org.csiconsole.core.session.ConnectionState> onState =
            (o, was, now) -> statesChanged.set(statesChanged.get() + 1);
    private final ResourceTableModel<ReplicationRow> table;
    private final ResourceTableModel<PairRow> pairs;
    private final ObservableList<SiteChoice> sites = FXCollections.observableArrayList();
    private final ObjectProperty<SiteChoice> siteA = new SimpleObjectProperty<>(this, "siteA");
    private final ObjectProperty<SiteChoice> siteB = new SimpleObjectProperty<>(this, "siteB");
    private final ObjectProperty<SamplerSettings> settings = new SimpleObjectProperty<>(this, "settings", SamplerSettings.DEFAULT);
    private final ReadOnlyObjectWrapper<ReplicationSnapshot.Tally> counts =
            new ReadOnlyObjectWrapper<>(this, "counts", ReplicationSnapshot.Tally.NONE);
    private final ReadOnlyObjectWrapper<Instant> lastSampled = new ReadOnlyObjectWrapper<>(this, "lastSampled");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    /** Why the last pick of a site did not stand as picked ({@link #siteNoteProperty}). */
    private final ReadOnlyStringWrapper siteNote = new ReadOnlyStringWrapper(this, "siteNote", "");
    private final ReadOnlyStringWrapper unavailable = new ReadOnlyStringWrapper(this, "unavailable", "");
    private final ReadOnlyObjectWrapper<ReplicationFaults> faults = new ReadOnlyObjectWrapper<>(this, "faults");
    private final ObservableList<ReplicationRow> selectedRows = FXCollections.observableArrayList();
    private final ObjectProperty<ReplicationRow> selected = new SimpleObjectProperty<>(this, "selected");
    private final ObservableList<PairRow> selectedPairs = FXCollections.observableArrayList();
    private final AtomicBoolean rebuildPending = new AtomicBoolean();
    /**
     * Whether site A / site B were picked by the admin (a picker, the swap): until then they follow
     * the site order, which does not depend on which site's first round ended first.
     */
    /**
     * The sites the person picked, kept while their connection is away (edited, reconnecting): when it is back with the
     * same site (its name, or its endpoint when it was renamed), the pick is shown again instead of the default.
     */
    private SiteChoice pickedA, pickedB;
    /** True while {@link #publish} sets the default sites (not a pick). */
    private boolean defaulting;
    private ConfirmedReads confirmed = ConfirmedReads.NONE;
    /** The latest site pairs, also while the pairs table is not shown (and so not filled). */
    private List<PairRow> latestPairs = List.of();
    private final javafx.beans.property.ReadOnlyLongWrapper published = new javafx.beans.property.ReadOnlyLongWrapper(this, "published");
    private final javafx.beans.property.BooleanProperty pairsShown = new javafx.beans.property.SimpleBooleanProperty(this, "pairsShown", true);
    private final ReplicationCommands commands;
    /** Notes of connections without replication, by connection name. */
    private final Map<String, String> notes = new LinkedHashMap<>();

    /**
     * @param connections the workbench's open connections (observed)
     * @param services samplers, the workflow engine, the history, the clock
     * @param commands runs the operations (built with this model)
     * @param ui the UI executor
     * @param work builds rows off the UI thread (a direct executor in tests)
     */
    public ReplicationViewModel(ObservableList<ConnectionModel> connections, ReplicationServices services,
                                java.util.function.Function<ReplicationViewModel, ReplicationCommands> commands,
                                Executor ui, Executor work) {
        this.connections = Objects.requireNonNull(connections);
        this.services = Objects.requireNonNull(services);
        this.ui = Objects.requireNonNull(ui);
        this.work = Objects.requireNonNull(work);
        this.table = new ResourceTableModel<>(ReplicationRow::searchText, java.util.concurrent.ForkJoinPool.commonPool(), ui,
                ResourceTableModel.DEFAULT_SYNC_LIMIT);
        table.keyedBy(ReplicationRow::key);
        this.pairs = new ResourceTableModel<>(PairRow::searchText, java.util.concurrent.ForkJoinPool.commonPool(), ui,
                ResourceTableModel.DEFAULT_SYNC_LIMIT);
        pairs.keyedBy(PairRow::key);
        this.commands = commands.apply(this);
        connections.addListener((ListChangeListener<ConnectionModel>) c -> follow());
        siteA.addListener((o, a, b) -> {
            if (!defaulting && b != null && picked(siteA, a, b, siteB, "B")) pickedA = b;
            rebuild();
        });
        pairsShown.addListener((o, a, shown) -> {
            if (shown) fill(pairs, latestPairs, () -> { });
        });
        siteB.addListener((o, a, b) -> {
            if (!defaulting && b != null && picked(siteB, a, b, siteA, "A")) pickedB = b;
            rebuild();
        });
        settings.addListener((o, a, b) -> {
            for (SiteFeed f : allFeeds()) if (f.sampler != null) f.sampler.settings(b);
            rebuild();
        });
        follow();
    }

    // ---- state

    /** One row per replicated volume or group per site. */
    public ResourceTableModel<ReplicationRow> table() {
        return table;
    }

    /** Site A next to site B, one row per pair. */
    public ResourceTableModel<PairRow> pairs() {
        return pairs;
    }

    /**
     * Checks a person's pick of {@code now} (was {@code before}) against core's one-connection rule for site pairs
     * ({@link org.csiconsole.core.risk.RiskModel#acrossConnections(org.csiconsole.core.replication.PairingScope)}): a pick
     * that cannot stand beside the other site moves the other site to another site of the picked connection when that
     * connection serves one, else is refused and {@code side} keeps {@code before}; either way {@link #siteNoteProperty}
     * says what happened and why. A pick that may stand clears the note.
     *
     * @return true when {@code now} stands
     */
    private boolean picked(ObjectProperty<SiteChoice> side, SiteChoice before, SiteChoice now, ObjectProperty<SiteChoice> other,
                           String otherName) {
        var refused = org.csiconsole.core.risk.RiskModel.acrossConnections(ReplicationSnapshot.scope(sites, now, other.get()));
        if (refused == null) {
            siteNote.set("");
            return true;
        }
        SiteChoice beside = sites.stream().filter(s -> s.connection().equals(now.connection()) && !s.same(now)).findFirst().orElse(null);
        defaulting = true;
        try {
            if (beside != null) {
                other.set(beside);
                if (other == siteA) pickedA = beside;
                else pickedB = beside;
                siteNote.set("Site " + otherName + " is now " + beside.label() + ": " + refused.describe());
                return true;
            }
            side.set(before);
            siteNote.set("Not changed: " + refused.describe());
            return false;
        } finally {
            defaulting = false;
        }
    }

    /**
     * Why the last pick of a site did not stand as picked (refused, or the other site moved with it), in core's words;
     * empty after a pick that stands.
     */
    public ReadOnlyStringProperty siteNoteProperty() {
        return siteNote.getReadOnlyProperty();
    }

    /** Every site seen, for the site pickers. */
    public ObservableList<SiteChoice> sites() {
        return sites;
    }

    public ObjectProperty<SiteChoice> siteAProperty() {
        return siteA;
    }

    public ObjectProperty<SiteChoice> siteBProperty() {
        return siteB;
    }

    /** Sampling interval, staleness and RPO thresholds; a change reaches every sampler from its next round. */
    public ObjectProperty<SamplerSettings> settingsProperty() {
        return settings;
    }

    public SamplerSettings settings() {
        return settings.get();
    }

    /** The summary's figures. */
    public ReadOnlyObjectProperty<ReplicationSnapshot.Tally> countsProperty() {
        return counts.getReadOnlyProperty();
    }

    /** When the latest round of any site ended; null before the first. */
    public ReadOnlyObjectProperty<Instant> lastSampledProperty() {
        return lastSampled.getReadOnlyProperty();
    }

    /** One line on what is sampled and how current it is ({@link #tick}). */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Why nothing can be shown (no connection offers replication); empty otherwise. */
    public ReadOnlyStringProperty unavailableProperty() {
        return unavailable.getReadOnlyProperty();
    }

    private final javafx.beans.property.ReadOnlyStringWrapper emptyNote = new javafx.beans.property.ReadOnlyStringWrapper(this, "emptyNote", "");

    /**
     * Why no replicated volume or group is shown though some may exist, and what to do, for a connection whose driver
     * does not list its volumes ({@link org.csiconsole.core.replication.InventoryNote#whyEmpty}, the command line's words),
     * its name first; empty otherwise.
     */
    public ReadOnlyStringProperty emptyNoteProperty() {
        return emptyNote.getReadOnlyProperty();
    }

    /** The fault controls of a simulated storage (demo mode); null for real storage. */
    public ReadOnlyObjectProperty<ReplicationFaults> faultsProperty() {
        return faults.getReadOnlyProperty();
    }

    /** The selected rows (the table's selection drives it). */
    public ObservableList<ReplicationRow> selectedRows() {
        return selectedRows;
    }

    /** The lead selected row. */
    public ObjectProperty<ReplicationRow> selectedProperty() {
        return selected;
    }

    /** The selected site pairs, what the guided workflows act on (the view fills it from the table in sight). */
    public ObservableList<PairRow> selectedPairs() {
        return selectedPairs;
    }

    /** The site pairs of {@code rows} (rows of site A or B), each once, in order. */
    public List<PairRow> pairsOf(List<ReplicationRow> rows) {
        List<PairRow> out = new ArrayList<>();
        for (ReplicationRow r : rows) {
            PairRow p = pairOf(r);
            if (p != null && !out.contains(p)) out.add(p);
        }
        return out;
    }

    /**
     * Counts the rounds whose rows reached the table of volumes and groups (the selection's pairs and the ageing
     * cells in sight follow it).
     */
    public javafx.beans.property.ReadOnlyLongProperty publishedProperty() {
        return published.getReadOnlyProperty();
    }

    /**
     * Whether the site pairs table is in sight (true until a view says otherwise): only then is
     * {@link #pairs()} filled each round, and at once when it comes into sight (the latest pairs
     * are kept for the workflows either way, {@link #pairOf}), which spares the FX thread a second
     * table's change.
     */
    public javafx.beans.property.BooleanProperty pairsShownProperty() {
        return pairsShown;
    }

    /**
     * When the figures {@code sample} shows for {@code site} were last read, by the latest round
     * (a kept row's sample is older, see {@link ReplicationRow#equals}); for a sample whose latest
     * read failed, its last successful read. Null when never read.
     */
    public Instant readAt(SiteChoice site, org.csiconsole.core.replication.ReplicationSample sample) {
        return confirmed.readAt(site, sample);
    }

    /**
     * Why a change to sites of {@code connections} is not offered now: core's reason
     * ({@link org.csiconsole.core.risk.RiskModel#disabledWhile}) for the first of them whose state is not up; empty when
     * every one answers (or is not followed). Read it in a binding that depends on {@link #connectionStates()}.
     *
     * @param connections connection names, as the sites carry them
     */
    public String notAnswering(java.util.Collection<String> connections) {
        for (ConnectionModel c : this.connections) {
            if (!connections.contains(c.name())) continue;
            String why = org.csiconsole.core.risk.RiskModel.disabledWhile(c.stateProperty().get());
            if (!why.isEmpty()) return why;
        }
        return "";
    }

    /** Changes whenever a followed connection's state changes: the dependency of bindings on {@link #notAnswering}. */
    public javafx.beans.value.ObservableValue<Number> connectionStates() {
        return statesChanged;
    }

    public ReplicationCommands commands() {
        return commands;
    }

    public ReplicationServices services() {
        return services;
    }

    Executor ui() {
        return ui;
    }

    /** The current time, by the services' clock. */
    public Instant now() {
        return services.clock().instant();
    }

    /** How many connections are open in the workbench. */
    public int openConnections() {
        return connections.size();
    }

    /**
     * True when a row of another connection than {@code connection} holds {@code id}: two connections served from the
     * same seed show the same ids, so a confirmation on one names its connection
     * ({@link org.csiconsole.core.risk.RiskModel#amongConnections}).
     */
    public boolean heldElsewhere(String connection, String id) {
        return table.all().stream().anyMatch(r -> !r.site().connection().equals(connection) && r.source().id().equals(id));
    }

    /**
     * The rows the table holds now for {@code rows}' sites and sources, in order, each with its latest sample and the
     * partner of its pair under the sites chosen now; a row the table no longer holds as it was. A selection made before
     * the last round, or before site B changed, is assessed by these, never by the partner it held then.
     */
    public List<ReplicationRow> current(List<ReplicationRow> rows) {
        Map<String, ReplicationRow> now = new java.util.HashMap<>();
        for (ReplicationRow r : table.all()) now.put(r.key(), r);
        return rows.stream().map(r -> now.getOrDefault(r.key(), r)).toList();
    }

    /**
     * The site pair of {@code row}'s volume or group when its site is site A or B, as a pair row; null
     * otherwise. Matched by site and id, so a row of one round finds its pair of the next.
     */
    public PairRow pairOf(ReplicationRow row) {
        if (row == null) return null;
        for (PairRow p : latestPairs) if (p.sideA() == row.sample() || p.sideB() == row.sample()) return p;
        for (PairRow p : latestPairs) {
            if (same(p.a(), p.sideA(), row) || same(p.b(), p.sideB(), row)) return p;
        }
        return null;
    }

    /**
     * Samples the sites of {@code pairs} again now (as F5 does: the tables follow) and completes with
     * each pair as read then: its sides found again by site and id and matched anew, so a pair shows
     * its roles after a step, not those of before. A side no longer listed is missing. Called on the UI
     * thread; completes on the samplers' threads.
     */
    public CompletableFuture<List<PairRow>> reread(List<PairRow> pairs) {
        Map<SiteChoice, SiteFeed> bySite = new LinkedHashMap<>();
        List<SiteChoice> known = List.copyOf(sites);
        for (PairRow p : pairs) {
            for (SiteChoice s : List.of(p.a(), p.b())) {
                allFeeds().stream().filter(f -> f.sampler != null && f.port == s.port()).findFirst().ifPresent(f -> bySite.put(s, f));
            }
        }
        CompletableFuture<?>[] rounds = bySite.values().stream().distinct().map(f -> f.sampler.sampleNow()).toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(rounds).thenApply(x -> pairs.stream().map(p -> {
            ReplicationSample a = find(bySite.get(p.a()), p.a(), p.sideA());
            ReplicationSample b = find(bySite.get(p.b()), p.b(), p.sideB());
            if (a == null && b == null) {
                // never the figures of before as if read now: each side says it was not read again
                return new PairRow(p.a(), p.b(), new SitePair(notReadAgain(p.a(), p.sideA()), notReadAgain(p.b(), p.sideB()), p.mismatch()));
            }
            SitePair again = SitePairs.match(a == null ? List.of() : List.of(a), b == null ? List.of() : List.of(b),
                            ReplicationSnapshot.scope(known, p.a(), p.b())).stream()
                    .filter(m -> a != null ? m.a() == a : m.b() == b).findFirst().orElse(new SitePair(a, b, p.mismatch()));
            return new PairRow(p.a(), p.b(), again);
        }).toList());
    }

    /** {@code before} marked as not read again: its site is no longer followed, or no longer lists it; null when none. */
    private ReplicationSample notReadAgain(SiteChoice site, ReplicationSample before) {
        if (before == null) return null;
        return before.failed(new org.csiconsole.core.call.CallFailure(org.csiconsole.core.call.FailureKind.UNAVAILABLE,
                "Read " + before.source().id() + " again", "it was not found again on " + site.label(), "Read both sites again.", ""),
                services.clock().instant());
    }

    /** The latest sample of {@code before}'s source on {@code site} in {@code feed}; null when not listed. */
    private static ReplicationSample find(SiteFeed feed, SiteChoice site, ReplicationSample before) {
        if (feed == null || before == null) return null;
        for (ReplicationSample s : feed.samples()) {
            if (s.source().equals(before.source()) && (s.site().isEmpty() || s.site().equals(site.site()))) return s;
        }
        return null;
    }

    private static boolean same(SiteChoice site, org.csiconsole.core.replication.ReplicationSample side, ReplicationRow row) {
        return side != null && site.same(row.site()) && side.source().equals(row.source());
    }

    // ---- lifecycle

    @Override
    protected void onActivate() {
        for (SiteFeed f : allFeeds()) startFeed(f);
        whileActive(() -> allFeeds().forEach(f -> {
            f.unsubscribe();
            if (f.sampler != null) f.sampler.visible(false);
        }));
        rebuild();
    }

    /** Samples every site now (F5); the rows follow when the rounds end. */
    public void refresh() {
        for (SiteFeed f : allFeeds()) if (f.sampler != null) f.sampler.sampleNow();
    }

    /** Updates the status line for {@code now} (the view calls it every second while shown). */
    public void tick(Instant now) {
        int n = (int) allFeeds().stream().filter(f -> f.sampler != null).count();
        if (n == 0) {
            status.set(unavailable.get().isEmpty() ? "Looking for replication on the open connections\u2026" : "");
            return;
        }
        Instant last = lastSampled.get();
        StringBuilder b = new StringBuilder();
        b.append(sites.size()).append(sites.size() == 1 ? " site" : " sites").append(" \u00b7 ");
        b.append(table.totalCount().get()).append(" volumes and groups \u00b7 ");
        int unanswered = counts.get().unanswered();
        if (unanswered > 0) b.append(unanswered).append(" not answering (shown with their last figures) \u00b7 ");
        b.append(last == null ? "first sample running\u2026" : "sampled " + Words.ago(last, now));
        b.append(" \u00b7 every ").append(ReplicationTexts.duration(settings.get().interval()));
        if (!notes.isEmpty()) b.append(" \u00b7 ").append(String.join("; ", notes.values()));
        status.set(b.toString());
    }

    /** Stops following the connections and closes every sampler. */
    public void dispose() {
        deactivate();
        storageListeners.forEach((c, l) -> c.storageProperty().removeListener(l));
        storageListeners.keySet().forEach(c -> c.stateProperty().removeListener(onState));
        storageListeners.clear();
        changeListeners.values().forEach(ResourceChanges.Subscription::close);
        changeListeners.clear();
        allFeeds().forEach(SiteFeed::close);
        feeds.clear();
    }

    // ---- connections and samplers

    private void follow() {
        for (ConnectionModel c : List.copyOf(storageListeners.keySet())) {
            if (!connections.contains(c)) {
                c.storageProperty().removeListener(storageListeners.remove(c));
                c.stateProperty().removeListener(onState);
                changeListeners.remove(c).close();
                drop(c);
            }
        }
        for (ConnectionModel c : connections) {
            if (storageListeners.containsKey(c)) continue;
            javafx.beans.value.ChangeListener<StorageService> l = (o, a, b) -> {
                drop(c);
                if (b != null) add(c, b);
            };
            storageListeners.put(c, l);
            c.storageProperty().addListener(l);
            c.stateProperty().addListener(onState);
            changeListeners.put(c, c.changes().listen(List.of(ResourceKind.VOLUMES, ResourceKind.VOLUME_GROUPS),
                    ch -> ui.execute(() -> sampleNow(c))));
            if (c.storage() != null) add(c, c.storage());
        }
        updateUnavailable();
    }

    /**
     * Samples {@code c}'s sites now: its volumes or groups changed outside this view (a training scenario reset to
     * its seed, a volume deleted in another view), so the rows read again instead of showing the old state.
     */
    private void sampleNow(ConnectionModel c) {
        for (SiteFeed f : feeds.getOrDefault(c, List.of())) if (f.sampler != null) f.sampler.sampleNow();
    }

    private List<SiteFeed> allFeeds() {
        List<SiteFeed> all = new ArrayList<>();
        feeds.values().forEach(all::addAll);
        return all;
    }

    private void drop(ConnectionModel c) {
        List<SiteFeed> f = feeds.remove(c);
        notes.remove(c.name());
        if (f != null) {
            f.forEach(SiteFeed::close);
            rebuild();
        }
        updateUnavailable();
    }

    private void add(ConnectionModel c, StorageService storage) {
        List<SiteFeed> own = new ArrayList<>();
        for (var port : services.sites(c, storage)) own.add(new SiteFeed(c.name(), c.endpoint(), storage, port));
        feeds.put(c, own);
        own.forEach(feed -> follow(c, feed));
    }

    private void follow(ConnectionModel c, SiteFeed feed) {
        feed.port.features().whenComplete((f, e) -> ui.execute(() -> {
            if (feed.closed()) return;
            feed.features = f;
            if (e != null || f == null || !(f.replication() || f.cspPartners())) {
                notes.put(c.name(), c.name() + ": " + (f == null ? "no replication" : f.reason()));
                updateUnavailable();
                return;
            }
            feed.sampler = services.sampler(feed.siteName(), feed.port, settings.get());
            feed.port.faults().ifPresent(x -> {
                if (faults.get() == null) faults.set(x);
            });
            updateUnavailable();
            if (isActive()) startFeed(feed);
        }));
    }

    private void startFeed(SiteFeed f) {
        if (f.sampler == null) return;
        f.sampler.start();
        f.sampler.visible(true);
        f.subscribe(this::roundEnded);
        SampleRound last = f.lastRound();
        if (last == null || Duration.between(last.finished(), now()).compareTo(settings.get().interval()) > 0) f.sampler.sampleNow();
    }

    /** On the sampler's thread: a round ended. */
    private void roundEnded(SampleRound round) {
        ui.execute(() -> {
            Instant last = lastSampled.get();
            if (last == null || round.finished().isAfter(last)) lastSampled.set(round.finished());
            rebuild();
        });
    }

    private void updateUnavailable() {
        boolean any = allFeeds().stream().anyMatch(f -> f.sampler != null);
        boolean pending = allFeeds().stream().anyMatch(f -> f.features == null);
        if (any || pending) {
            unavailable.set("");
        } else if (feeds.isEmpty()) {
            unavailable.set("No connection is open. Open a connection whose driver has a csi-addons endpoint advertising "
                    + "VolumeReplication, or a CSP array with replication partners.");
        } else {
            unavailable.set("No open connection offers replication. " + String.join(" ", notes.values()));
        }
        tick(now());
    }

    // ---- rows

    /** Rebuilds the rows from every site's latest samples, off the UI thread; requests made meanwhile are joined. */
    void rebuild() {
        if (!rebuildPending.compareAndSet(false, true)) return;
        List<ReplicationSnapshot.Feed> sources = new ArrayList<>();
        List<SiteFeed> live = new ArrayList<>();
        for (SiteFeed f : allFeeds()) if (f.sampler != null) live.add(f);
        SiteChoice a = siteA.get();
        SiteChoice b = siteB.get();
        work.execute(() -> {
            rebuildPending.set(false);
            List<String> notes = new ArrayList<>();
            for (SiteFeed f : live) {
                List<ReplicationSample> samples = f.samples();
                sources.add(new ReplicationSnapshot.Feed(f.connection, f.defaultSite(), samples));
                org.csiconsole.core.port.Features features = f.storage == null ? null : f.storage.features().getNow(null);
                if (features == null || features.available(org.csiconsole.core.port.Feature.LIST_VOLUMES)) continue;
                String why = org.csiconsole.core.replication.InventoryNote.whyEmpty(false, samples);
                if (!why.isEmpty()) notes.add(f.connection + ": " + why);
            }
            ReplicationSnapshot snap = ReplicationSnapshot.build(sources, a, b);
            ConfirmedReads read = ConfirmedReads.of(snap.rows());
            ui.execute(() -> {
                emptyNote.set(String.join("\n", notes));
                publish(snap, read, a, b);
            });
        });
    }

    /** Publishes {@code snap}, built for sites {@code builtA} and {@code builtB}, or rebuilds when the sites changed since. */
    private void publish(ReplicationSnapshot snap, ConfirmedReads read, SiteChoice builtA, SiteChoice builtB) {
        if (!sameSites(snap.sites())) {
            // the site pickers move their values as their lists change: not a person's pick
            defaulting = true;
            try {
                sites.setAll(snap.sites());
            } finally {
                defaulting = false;
            }
        }
        // Site A defaults to the first site, site B to the first other one; a site picked and still listed is kept.
        SiteChoice a = ReplicationSnapshot.find(sites, pickedA);
        SiteChoice wantA = a != null ? a : sites.isEmpty() ? null : sites.get(0);
        SiteChoice b = ReplicationSnapshot.find(sites, pickedB);
        SiteChoice wantB = b != null && !b.same(wantA) && mayStand(wantA, b) ? b
                : sites.stream().filter(s -> !s.same(wantA) && mayStand(wantA, s)).findFirst().orElse(null);
        if (!Objects.equals(wantA, siteA.get()) || !Objects.equals(wantB, siteB.get())) {
            // The pairs need both sites: setting them rebuilds with them.
            defaulting = true;
            try {
                siteA.set(wantA);
                siteB.set(wantB);
            } finally {
                defaulting = false;
            }
            return;
        }
        if (!Objects.equals(builtA, siteA.get()) || !Objects.equals(builtB, siteB.get())) {
            // built before the sites were set (a request made meanwhile was joined to it): its pairs are of other sites
            rebuild();
            return;
        }
        confirmed = read;
        // The ageing cells in sight are redrawn when the round's rows reach the table, in the same
        // frame: the table lays its rows in sight out once per round, not once for each.
        fill(table, snap.rows(), () -> published.set(published.get() + 1));
        latestPairs = snap.pairs();
        if (pairsShown.get() || pairs.all().isEmpty() != latestPairs.isEmpty()) fill(pairs, latestPairs, () -> { });
        counts.set(snap.counts());
        tick(now());
    }

    /** Whether {@code a} and {@code b} may stand side by side (core's one-connection rule for site pairs). */
    private boolean mayStand(SiteChoice a, SiteChoice b) {
        return org.csiconsole.core.risk.RiskModel.acrossConnections(ReplicationSnapshot.scope(sites, a, b)) == null;
    }

    private boolean sameSites(List<SiteChoice> now) {
        if (now.size() != sites.size()) return false;
        for (int i = 0; i < now.size(); i++) if (!now.get(i).same(sites.get(i)) || now.get(i).port() != sites.get(i).port()) return false;
        return true;
    }

    /**
     * Replaces the rows in one change; search keys are computed off the UI thread, unchanged rows kept as they were.
     * {@code then} runs on the UI thread once the rows shown reflect them (filtered and sorted), or their filtering failed.
     */
    private <T> void fill(ResourceTableModel<T> model, List<T> rows, Runnable then) {
        TableLoad<T> load = model.load();
        work.execute(() -> {
            load.page(rows);
            ui.execute(() -> {
                load.finish();
                model.settled().whenComplete((x, e) -> then.run());
            });
        });
    }
}
