package org.csiconsole.views.theme;

import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.notify.Severity;

import java.util.Locale;

/**
 * The console's own CSS style classes, in one place; {@code console.css} styles each of them with
 * the same name. Code adds these constants next to AtlantaFX's {@code Styles} (accent, flat, small,
 * ...), never a literal: a typo is then a compile error, and {@code ConsoleStylesTest} checks that
 * every constant is styled by console.css and that console.css styles no other {@code cc-} class.
 */
public final class ConsoleStyles {
    private ConsoleStyles() {
    }

    // ---- text
    /** Monospaced text: ids, endpoints, paths, times. */
    public static final String MONO = "cc-mono";
    /** Secondary text in the muted foreground colour. */
    public static final String MUTED = "cc-muted";
    /** Bold text inside a sentence (a name to type, say). */
    public static final String STRONG = "cc-strong";
    /** A bold, muted heading over a section of a card, pane or dialog. */
    public static final String SECTION_TITLE = "cc-section-title";
    /** A key drawn as a key cap (shortcuts on the start view). */
    public static final String KEYCAP = "cc-keycap";
    /** A small rounded label: a state, a count, "alpha". */
    public static final String BADGE = "cc-badge";
    /** A badge for an alpha feature. */
    public static final String ALPHA_BADGE = "cc-alpha-badge";
    /** A bordered card on the start and plugin views. */
    public static final String CARD = "cc-card";

    // ---- lifecycle diagrams
    /** The lifecycle view's root. */
    public static final String LIFECYCLE_VIEW = "cc-lifecycle-view";
    /** The lifecycle view's side panel: why this figure, live state, next calls, evidence. */
    public static final String LIFECYCLE_SIDE = "cc-lifecycle-side";
    /** A row of the live state: node, state, paths. */
    public static final String LIFECYCLE_NODE_ROW = "cc-lifecycle-node-row";
    /** The zoom controls floating on the drawing. */
    public static final String LIFECYCLE_ZOOM = "cc-lifecycle-zoom";
    /** A next-call button of the side panel. */
    public static final String LIFECYCLE_CALL = "cc-lifecycle-call";
    /** The drawing surface of a diagram. */
    public static final String DIAGRAM = "cc-diagram";
    /** A diagram's title. */
    public static final String DIAGRAM_TITLE = "cc-diagram-title";
    /** A state's box. */
    public static final String DIAGRAM_STATE = "cc-diagram-state";
    /** A state's name. */
    public static final String DIAGRAM_STATE_LABEL = "cc-diagram-state-label";
    /** The names (nodes, snapshots) on a state. */
    public static final String DIAGRAM_BADGE = "cc-diagram-badge";
    /** One of the figures' X boxes. */
    public static final String DIAGRAM_END = "cc-diagram-end";
    /** The X in an X box. */
    public static final String DIAGRAM_END_MARK = "cc-diagram-end-mark";
    /** The word beside an X box. */
    public static final String DIAGRAM_NOTE = "cc-diagram-note";
    /** One transition: its line, head, label and hit area. */
    public static final String DIAGRAM_EDGE = "cc-diagram-edge";
    /** A transition's line. */
    public static final String DIAGRAM_ARROW = "cc-diagram-arrow";
    /** A transition's arrow head. */
    public static final String DIAGRAM_ARROW_HEAD = "cc-diagram-arrow-head";
    /** A transition's label (the RPC). */
    public static final String DIAGRAM_ARROW_LABEL = "cc-diagram-arrow-label";
    /** The wide, invisible line that takes a transition's clicks. */
    public static final String DIAGRAM_ARROW_HIT = "cc-diagram-arrow-hit";
    /** The code and message under a transition whose call failed. */
    public static final String DIAGRAM_FAILURE = "cc-diagram-failure";
    /** The token that runs along a transition when the state changes. */
    public static final String DIAGRAM_TOKEN = "cc-diagram-token";

    // ---- workbench
    /** The workbench's root pane. */
    public static final String WORKBENCH = "cc-workbench";
    /** The centre (tab) area of the workbench. */
    public static final String CENTRE = "cc-centre";
    /** The tool bar under the menu bar. */
    public static final String TOOLBAR = "cc-toolbar";
    /** The toolbar's perspective switcher (Resources, Replication, ...). */
    public static final String PERSPECTIVE_SWITCHER = "cc-perspective-switcher";
    /** The status bar at the bottom of the window. */
    public static final String STATUS_BAR = "cc-status-bar";
    /** The bottom panel (tasks, notifications, trace). */
    public static final String BOTTOM_PANEL = "cc-bottom-panel";
    /** The tool bar of a bottom panel tab. */
    public static final String PANEL_TOOLBAR = "cc-panel-toolbar";
    /** The tasks panel. */
    public static final String TASKS_PANEL = "cc-tasks-panel";
    /** The notifications panel. */
    public static final String NOTIFICATIONS_PANEL = "cc-notifications-panel";
    /** The start view shown with no tab open. */
    public static final String START_VIEW = "cc-start-view";
    /** The centred page of the start view. */
    public static final String START_PAGE = "cc-start-page";
    /** The view shown for a resource kind that has no view yet. */
    public static final String PLACEHOLDER_VIEW = "cc-placeholder-view";

    // ---- navigator
    /** The navigator pane. */
    public static final String NAVIGATOR = "cc-navigator";
    /** The header line over a side pane. */
    public static final String PANE_HEADER = "cc-pane-header";
    /** A group heading row of the navigator ("Connections", "Console"). */
    public static final String NAV_GROUP = "cc-nav-group";
    /** The label of a navigator group heading. */
    public static final String NAV_GROUP_LABEL = "cc-nav-group-label";
    /** The label of a connection in the navigator. */
    public static final String NAV_CONNECTION = "cc-nav-connection";
    /** A count or state tag next to a navigator row. */
    public static final String NAV_COUNT = "cc-nav-count";
    /** The dot that shows a connection's state; coloured by {@link #connectionState(ConnectionState)}. */
    public static final String STATE_DOT = "cc-state-dot";
    private static final String STATE_PREFIX = "cc-state-";

    // ---- views and tables
    /** A feature view over a storage table. */
    public static final String STORAGE_VIEW = "cc-storage-view";
    /** The command bar of a storage view (actions on the selection). */
    public static final String COMMAND_BAR = "cc-command-bar";
    /** The status line of a view (counts, warnings). */
    public static final String VIEW_STATUS = "cc-view-status";
    /** A resource table. */
    public static final String RESOURCE_TABLE = "cc-resource-table";
    /** The tool bar over a resource table (filter, counts). */
    public static final String TABLE_TOOLBAR = "cc-table-toolbar";
    /** The split pane of a table and its detail pane. */
    public static final String MASTER_DETAIL = "cc-master-detail";
    /** The detail pane next to a table. */
    public static final String DETAIL_PANE = "cc-detail-pane";
    /** The title of a detail pane. */
    public static final String DETAIL_TITLE = "cc-detail-title";
    /** A grid of property keys and values. */
    public static final String PROPERTY_GRID = "cc-property-grid";
    /** A property's key (label column). */
    public static final String PROPERTY_KEY = "cc-property-key";
    /** A property's value. */
    public static final String PROPERTY_VALUE = "cc-property-value";
    /** The placeholder of an empty table. */
    public static final String EMPTY_STATE = "cc-empty-state";
    /** The icon of an empty-table placeholder. */
    public static final String EMPTY_ICON = "cc-empty-icon";
    /** The title of an empty-table placeholder. */
    public static final String EMPTY_TITLE = "cc-empty-title";
    /** The message of an empty-table placeholder. */
    public static final String EMPTY_MESSAGE = "cc-empty-message";
    /** A table cell in a good state (ready, advertised). */
    public static final String CELL_OK = "cc-cell-ok";
    /** A table cell that needs a look (not ready yet, alpha). */
    public static final String CELL_WARNING = "cc-cell-warning";
    /** A table cell in a bad state (abnormal condition, replication error). */
    public static final String CELL_DANGER = "cc-cell-danger";
    /** The one-column table laid over a resource table's left edge to keep its name column in sight while it scrolls right. */
    public static final String PINNED_TABLE = "cc-pinned-table";
    /** A table cell without weight (not advertised). */
    public static final String CELL_MUTED = "cc-cell-muted";
    /** A capability the plugin advertises. */
    public static final String CAPABILITY_ON = "cc-capability-on";
    /** A capability the plugin does not advertise. */
    public static final String CAPABILITY_OFF = "cc-capability-off";
    /** A call trace row whose call succeeded. */
    public static final String STATUS_OK = "cc-status-ok";
    /** A call trace row whose call failed. */
    public static final String STATUS_FAILED = "cc-status-failed";
    /**
     * Pseudo-class of a call trace row whose call failed: the row is tinted and its status bold, so
     * failures stand out among the calls around them. A pseudo-class, not a style class: rows are
     * reused for other calls as the trace scrolls, and a changed pseudo-class only moves the row to
     * another state, where a changed style class restyles it and its cells from scratch.
     */
    public static final String TRACE_FAILED_STATE = "cc-failed";
    /** Pseudo-class of a call trace row whose call succeeded (its status in the success colour). */
    public static final String TRACE_OK_STATE = "cc-ok";
    /** Pseudo-class of a call trace row whose call no task made (its task cell muted). */
    public static final String TRACE_NO_TASK_STATE = "cc-no-task";
    /** The status cells of the call trace, coloured by their row's state. */
    public static final String TRACE_STATUS = "cc-trace-status";
    /** The task cells of the call trace. */
    public static final String TRACE_TASK = "cc-trace-task";
    /** The call trace's count of failed calls, a button that shows only them. */
    public static final String TRACE_FAILURES = "cc-trace-failures";
    /** A note over the call trace: older calls dropped, a command copied or not. */
    public static final String TRACE_NOTE = "cc-trace-note";
    /** The list of capacity bars, one row per array pool or GetCapacity segment. */
    public static final String CAPACITY_BARS = "cc-capacity-bars";
    /** The name of a capacity bar's row. */
    public static final String CAPACITY_NAME = "cc-capacity-name";
    /** A capacity bar (a ProgressBar filled to the used share). */
    public static final String CAPACITY_BAR = "cc-capacity-bar";
    /** A capacity bar at or above the warning threshold. */
    public static final String CAPACITY_WARNING = "cc-capacity-warning";
    /** A capacity bar at or above the danger threshold. */
    public static final String CAPACITY_DANGER = "cc-capacity-danger";

    // ---- dialogs and forms
    /** The header (icon and heading) of a dialog. */
    public static final String DIALOG_HEADER = "cc-dialog-header";
    /** The heading text of a dialog. */
    public static final String DIALOG_HEADING = "cc-dialog-heading";
    /** The icon of an informational dialog (connection, password). */
    public static final String ACCENT_ICON = "cc-accent-icon";
    /** The icon of a warning dialog (trust, typed confirmation). */
    public static final String WARNING_ICON = "cc-warning-icon";
    /** The icon of a failure dialog. */
    public static final String DANGER_ICON = "cc-danger-icon";
    /** The dialog pane of a failure dialog. */
    public static final String FAILURE_DIALOG = "cc-failure-dialog";
    /** The dialog pane of a form dialog. */
    public static final String FORM_DIALOG = "cc-form-dialog";
    /** The dialog pane of the connection dialog. */
    public static final String CONNECTION_DIALOG = "cc-connection-dialog";
    /** The prompt of a typed confirmation ("type the name to confirm"). */
    public static final String PROMPT = "cc-prompt";
    /** The error line under a form field. */
    public static final String FIELD_ERROR = "cc-field-error";

    // ---- theme
    /** Set on scene roots while the dark theme is on, for selectors that differ in dark (the tokens follow the theme by themselves). */
    public static final String DARK = "cc-dark";

    private static final String SEVERITY_PREFIX = "cc-severity-";

    /**
     * The class that colours a connection state's dot: {@code cc-state-connected},
     * {@code cc-state-connecting}, {@code cc-state-cannot-connect}, ... (one per {@link ConnectionState}).
     */
    public static String connectionState(ConnectionState state) {
        return STATE_PREFIX + state.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Whether {@code styleClass} is one of {@link #connectionState(ConnectionState)}'s classes. */
    public static boolean isConnectionState(String styleClass) {
        return styleClass.startsWith(STATE_PREFIX) && !styleClass.equals(STATE_DOT);
    }

    /**
     * The class that colours a notification's icon: {@code cc-severity-info}, {@code cc-severity-success},
     * {@code cc-severity-warning}, {@code cc-severity-error}.
     */
    public static String severity(Severity severity) {
        return SEVERITY_PREFIX + severity.name().toLowerCase(Locale.ROOT);
    }

    // ---- forms
    /** A failed submission shown under a form's fields, the values kept above it. */
    public static final String FORM_FAILURE = "cc-form-failure";
    /** A warning under a form that does not block saving (a socket that does not exist yet). */
    public static final String FORM_WARNING = "cc-form-warning";

    // ---- partial reads
    /** A view's status line while a listing is partial (a source did not answer). */
    public static final String STATUS_PARTIAL = "cc-status-partial";
    /** A navigator count of a partial listing ("205+"). */
    public static final String NAV_PARTIAL = "cc-nav-partial";

    // ---- replication
    /** The replication perspective's root. */
    public static final String REPLICATION_VIEW = "cc-replication-view";
    /** The header of the replication perspective: sites, summary, settings. */
    public static final String REPL_HEADER = "cc-repl-header";
    /** A role cell of a primary side. */
    public static final String REPL_PRIMARY = "cc-repl-primary";
    /** A figure of the replication summary ("12 healthy"); coloured by one of the chip classes below. */
    public static final String REPL_CHIP = "cc-repl-chip";
    /** A summary figure that is good news. */
    public static final String REPL_CHIP_OK = "cc-repl-chip-ok";
    /** A summary figure that needs a look. */
    public static final String REPL_CHIP_WARNING = "cc-repl-chip-warning";
    /** A summary figure that is bad news. */
    public static final String REPL_CHIP_DANGER = "cc-repl-chip-danger";
    /** A summary figure without weight (none of its kind). */
    public static final String REPL_CHIP_MUTED = "cc-repl-chip-muted";
    /** A boxed sentence that warns (data that can be lost, a check with warnings). */
    public static final String CALLOUT_WARNING = "cc-callout-warning";
    /** A boxed sentence about danger (split brain, a failed check). */
    public static final String CALLOUT_DANGER = "cc-callout-danger";
    /** A boxed sentence that informs (what a workflow does, a dry run's calls). */
    public static final String CALLOUT_INFO = "cc-callout-info";
    /** The step list of a workflow wizard. */
    public static final String STEP_LIST = "cc-step-list";
    /** The lower pane of the replication perspective (timeline, pair detail). */
    public static final String REPL_LOWER = "cc-repl-lower";
    /** The timeline chart of a volume or group. */
    public static final String TIMELINE_CHART = "cc-timeline-chart";
    /** A vertical marker of an operation on the timeline. */
    public static final String TIMELINE_OPERATION = "cc-timeline-operation";
    /** A vertical marker of a failed operation on the timeline. */
    public static final String TIMELINE_OPERATION_FAILED = "cc-timeline-operation-failed";
    /** A vertical marker of a role change on the timeline. */
    public static final String TIMELINE_ROLE = "cc-timeline-role";
    /** The band of time a pair was degraded. */
    public static final String TIMELINE_BAND_WARNING = "cc-timeline-band-warning";
    /** The band of time a pair was in error. */
    public static final String TIMELINE_BAND_DANGER = "cc-timeline-band-danger";
    /** The band of time the samples were stale (reads failed). */
    public static final String TIMELINE_BAND_STALE = "cc-timeline-band-stale";
    /** The warning threshold line of the RPO age. */
    public static final String TIMELINE_THRESHOLD_WARNING = "cc-timeline-threshold-warning";
    /** The error threshold line of the RPO age. */
    public static final String TIMELINE_THRESHOLD_DANGER = "cc-timeline-threshold-danger";
    /** The faults panel of demo mode. */
    public static final String FAULTS_PANEL = "cc-faults-panel";

    // ---- training perspective
    /** The Training perspective's step pane: the scenario, the run's figures and the steps. */
    public static final String TRAINING_STEPS = "cc-training-steps";
    /** One step's card; its state shows as one of the pseudo-classes {@code passed}, {@code failed}, {@code current}. */
    public static final String TRAINING_STEP = "cc-training-step";
    /** A step card's state icon, coloured by the card's state. */
    public static final String TRAINING_STEP_ICON = "cc-training-step-icon";
    /** A hint revealed on a step card. */
    public static final String TRAINING_HINT = "cc-training-hint";
}
