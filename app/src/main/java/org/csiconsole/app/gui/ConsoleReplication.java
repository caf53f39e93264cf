package org.csiconsole.app.gui;

import org.csiconsole.app.gui.connect.ConnectionManager;
import org.csiconsole.app.gui.connect.Session;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.storage.replication.RecordedReplicationPort;
import org.csiconsole.core.replication.ReplicationSampler;
import org.csiconsole.core.replication.ReplicationWorkflows;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.storage.replication.ReplicationEngine;
import org.csiconsole.core.storage.replication.ScheduledReplicationSampler;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.replication.FxReplicationDialogs;
import org.csiconsole.views.replication.ReplicationCommands;
import org.csiconsole.views.replication.ReplicationServices;
import org.csiconsole.views.replication.ReplicationView;
import org.csiconsole.views.replication.ReplicationViewModel;
import org.csiconsole.views.table.TableLayouts;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.Perspective;
import org.csiconsole.views.workbench.Workbench;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The Replication perspective's wiring: one core sampler per site ({@link ScheduledReplicationSampler},
 * its own thread), the one workflow engine the command line also uses ({@link ReplicationEngine}),
 * the history when one is kept, and the sites of each connection (the demo serves site-a and site-b
 * from one plugin, so it is two sites).
 */
final class ConsoleReplication implements ReplicationServices, AutoCloseable {
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ConsoleReplication.class);

    private final ConnectionManager manager;
    /** Where the history file goes; null for none. */
    private java.nio.file.Path historyDir;
    private ReplicationHistory history;
    private boolean historyOpened;
    private ReplicationEngine engine;
    /** Every sampler made, closed with the console (before the history they write to). */
    private final List<ReplicationSampler> samplers = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** Builds the perspective's rows off the FX thread. */
    private final ExecutorService rows = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "replication-rows");
        t.setDaemon(true);
        return t;
    });
    /** {@link #rows}, dropping what arrives once the console closed it (a sampler's last round, say). */
    private final java.util.concurrent.Executor rowWork = task -> {
        try {
            rows.execute(task);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            if (!rows.isShutdown()) throw e;
        }
    };

    private final java.util.function.Function<ConnectionModel, org.csiconsole.core.record.ConsoleBook> records;

    /**
     * @param manager the open connections' sessions (the demo's sites)
     * @param records the console's record of a connection: its inventory joins each site's listing ({@link RecordedReplicationPort})
     */
    ConsoleReplication(ConnectionManager manager, java.util.function.Function<ConnectionModel, org.csiconsole.core.record.ConsoleBook> records) {
        this(manager, records, new org.csiconsole.core.audit.OverrideMarks());
    }

    /**
     * As above, the engine announcing each workflow step to {@code marks}, the marks the audit sink writes through, so a
     * workflow's calls are audited as its steps, as on the command line.
     */
    ConsoleReplication(ConnectionManager manager, java.util.function.Function<ConnectionModel, org.csiconsole.core.record.ConsoleBook> records,
                       org.csiconsole.core.audit.OverrideMarks marks) {
        this.manager = Objects.requireNonNull(manager);
        this.records = Objects.requireNonNull(records);
        this.marks = Objects.requireNonNull(marks);
    }

    private final org.csiconsole.core.audit.OverrideMarks marks;

    /**
     * Keeps the samples and operations in {@code dataDir} ({@code replication-history.db}, 30 days),
     * opened when the perspective first needs it.
     */
    void keepHistoryIn(java.nio.file.Path dataDir) {
        this.historyDir = dataDir;
    }

    @Override
    public ReplicationSampler sampler(String site, ReplicationPort port, SamplerSettings settings) {
        ReplicationSampler s = ScheduledReplicationSampler.create(site, port, settings, history().orElse(null));
        samplers.add(s);
        return s;
    }

    @Override
    public synchronized ReplicationWorkflows workflows() {
        if (engine == null) engine = new ReplicationEngine(Clock.systemUTC(), SamplerSettings.DEFAULT.thresholds(), history().orElse(null), marks);
        return engine;
    }

    /** The history, opened on first use; empty when none is kept or the file cannot be opened (logged once). */
    @Override
    public synchronized Optional<ReplicationHistory> history() {
        if (!historyOpened && historyDir != null) {
            historyOpened = true;
            try {
                history = org.csiconsole.core.store.SqliteReplicationHistory.open(historyDir);
            } catch (org.csiconsole.core.call.CallFailure f) {
                LOG.warn("Replication history not kept: {}", f.describe());
            }
        }
        return Optional.ofNullable(history);
    }

    @Override
    public List<ReplicationPort> sites(ConnectionModel connection, StorageService storage) {
        Session s = manager.session(connection);
        List<ReplicationPort> own = s == null ? List.of() : s.replicationSites();
        org.csiconsole.core.record.ConsoleBook book = records.apply(connection);
        return (own.isEmpty() ? List.of(storage.replication()) : own).stream()
                .<ReplicationPort>map(p -> new RecordedReplicationPort(p, book)).toList();
    }

    /** The perspective (Alt+2): its view is built when first shown. */
    Perspective perspective(Workbench workbench, ActionRunner actions, FxDialogService dialogs, TableLayouts layouts) {
        return new Perspective("replication", "Replication", Material2MZ.SYNC_ALT, "Alt+2",
                () -> view(workbench.connections(), workbench, actions, dialogs, layouts));
    }

    /** A Replication view of {@code connections}' sites (the perspective's: every connection's); disposing it closes its samplers. */
    ReplicationView view(javafx.collections.ObservableList<ConnectionModel> connections, Workbench workbench, ActionRunner actions,
                         FxDialogService dialogs, TableLayouts layouts) {
        FxReplicationDialogs own = new FxReplicationDialogs(dialogs, clock(), ZoneId.systemDefault());
        ReplicationViewModel model = new ReplicationViewModel(connections, this,
                m -> new ReplicationCommands(m, actions, own), workbench.services().ui(), rowWork);
        return new ReplicationView(model, layouts);
    }

    @Override
    public synchronized void close() {
        samplers.forEach(ReplicationSampler::close);
        rows.shutdownNow();
        if (history != null) history.close();
    }
}
