package org.csiconsole.views.workbench;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.stage.FileChooser;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.trace.CallTraceView;
import org.csiconsole.views.trace.CallTraceViewModel;
import org.csiconsole.views.trace.TraceFiles;
import org.csiconsole.views.trace.TraceTools;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The workbench's side of the call trace: gives the bottom panel's trace its tools (copy commands,
 * save), opens saved trace files in tabs of their own (File, Open trace…), and lets the trace
 * follow the volume selected in the view in front ({@link ResourceView#selectedVolumeId()}).
 */
public final class WorkbenchTraces {
    private final Workbench workbench;
    private final Supplier<CallTraceView> liveFactory;
    private CallTraceView live;
    private ResourceView following;
    private final BooleanProperty available = new SimpleBooleanProperty(this, "available", false);
    private TraceTools tools = TraceTools.NONE;
    private Supplier<Optional<Path>> chooseFile = this::showOpenDialog;

    /** @param liveFactory builds the bottom panel's live trace when the panel first needs it ({@link #buildLive()}) */
    WorkbenchTraces(Workbench workbench, Supplier<CallTraceView> liveFactory) {
        this.workbench = workbench;
        this.liveFactory = Objects.requireNonNull(liveFactory);
    }

    /** Builds the live trace with the tools given so far, following the view in front; the bottom panel calls it once. */
    CallTraceView buildLive() {
        live = liveFactory.get();
        if (tools != TraceTools.NONE) live.model().setTools(tools, workbench.services().actions());
        follow(following);
        return live;
    }

    /** Gives the trace its tools: "Copy as" commands and saving in the trace, File, Open trace… in the menu. */
    public void setTools(TraceTools tools) {
        this.tools = Objects.requireNonNull(tools);
        if (live != null) live.model().setTools(tools, workbench.services().actions());
        available.set(tools != TraceTools.NONE);
    }

    /** Whether trace files can be opened (File, Open trace… is enabled). */
    public ObservableBooleanValue availableProperty() {
        return available;
    }

    /** File, Open trace…: asks for a file, then {@link #open(Path)}. */
    public void open() {
        if (available.get()) chooseFile.get().ifPresent(this::open);
    }

    /**
     * Reads a saved trace file as a task and shows its calls in a tab of their own, offline (the
     * same filters, details and commands as the live trace). A file open already is selected again.
     *
     * @return the task reading the file
     */
    public UiTask<?> open(Path file) {
        UiTask<org.csiconsole.core.call.TraceArchive.Contents> task = TraceFiles.open(tools, workbench.services().actions(), file);
        task.outcome().thenAccept(contents -> workbench.openView(List.of("trace-file", file.toAbsolutePath()), () -> {
            WorkbenchServices s = workbench.services();
            CallTraceViewModel model = CallTraceViewModel.offline(contents, String.valueOf(file.getFileName()), s.ui(), s.dialogs());
            model.setTools(tools, s.actions());
            return new CallTraceView(model);
        }));
        return task;
    }

    /**
     * Shows the calls {@code connection} recorded (a saved report, {@link
     * ConnectionModel#recordedCallsProperty()}) in a tab of their own, offline, like a saved trace
     * file; selected again when open already. Does nothing for a connection without recorded calls.
     *
     * @return the trace view, or null when there is nothing to show
     */
    public ResourceView showRecorded(ConnectionModel connection) {
        List<org.csiconsole.core.call.TraceEntry> calls = connection.recordedCallsProperty().get();
        if (calls == null) return null;
        return workbench.openView(List.of("trace-recorded", connection), () -> {
            WorkbenchServices s = workbench.services();
            CallTraceViewModel model = CallTraceViewModel.offline(new org.csiconsole.core.call.TraceArchive.Contents(calls, 0, ""),
                    connection.name(), s.ui(), s.dialogs());
            model.setTools(tools, s.actions());
            return new CallTraceView(model);
        });
    }

    /** Replaces the open dialog (tests choose a file without one); empty cancels. */
    public void setFileChooser(Supplier<Optional<Path>> chooser) {
        this.chooseFile = Objects.requireNonNull(chooser);
    }

    private Optional<Path> showOpenDialog() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Open a call trace");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Call trace (JSON lines)", "*.jsonl"),
                new FileChooser.ExtensionFilter("Every file", "*"));
        var scene = workbench.root().getScene();
        File file = chooser.showOpenDialog(scene == null ? null : scene.getWindow());
        return Optional.ofNullable(file).map(File::toPath);
    }

    /** The trace's volume filter may follow the volume selected in {@code view}, the view now in front. */
    void follow(ResourceView view) {
        following = view;
        if (live == null) return;
        var selected = live.model().selectedVolumeProperty();
        selected.unbind();
        if (view != null && view != live && view.selectedVolumeId() != null) selected.bind(view.selectedVolumeId());
        else selected.set(null);
    }
}
