package org.csiconsole.views.dialog;

import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import org.csiconsole.core.model.UserHome;
import javafx.stage.Window;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where the save dialog of an export opens: the folder the last export of this view went to while it still
 * exists, else the person's {@code Documents} folder, else their home folder; never the console's working
 * directory. One per view; every export dialog of the console opens through {@link #showSave}.
 */
public final class ExportFolder {
    private final Path home;
    private Path last;

    /** Below the person's home folder as the environment gives it ({@link UserHome#resolve}: {@code $HOME}). */
    public ExportFolder() {
        this(System.getenv(), System.getProperty("user.home"));
    }

    /**
     * @param env environment variables ({@code HOME} is read)
     * @param userHome the {@code user.home} system property, used only when {@code HOME} is unset or not absolute
     */
    ExportFolder(Map<String, String> env, String userHome) {
        this(UserHome.of(env, userHome));
    }

    /** @param home the person's home folder */
    public ExportFolder(Path home) {
        this.home = Objects.requireNonNull(home, "home");
    }

    /** The folder the next save dialog opens in: the last used, else {@code home/Documents}, else {@code home}. */
    public Path initial() {
        if (last != null && Files.isDirectory(last)) return last;
        Path documents = home.resolve("Documents");
        return Files.isDirectory(documents) ? documents : home;
    }

    /** Remembers the folder of {@code file}, just chosen for an export. */
    public void used(Path file) {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) last = parent;
    }

    /**
     * Shows a save dialog in {@link #initial()} and remembers the folder chosen.
     *
     * @param owner the window it belongs to, or null
     * @param title the dialog's title, e.g. {@code "Export the audit log as CSV"}
     * @param filter the file type offered
     * @param name the file name suggested
     * @return the file chosen; empty when cancelled
     */
    public Optional<Path> showSave(Window owner, String title, FileChooser.ExtensionFilter filter, String name) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(filter);
        chooser.setInitialFileName(name);
        Path folder = initial();
        if (Files.isDirectory(folder)) chooser.setInitialDirectory(folder.toFile());
        Optional<Path> file = Optional.ofNullable(chooser.showSaveDialog(owner)).map(File::toPath);
        file.ifPresent(this::used);
        return file;
    }

    /**
     * Shows a folder dialog in {@link #initial()} for a save that writes a folder (a report), and remembers it.
     *
     * @param owner the window it belongs to, or null
     * @param title the dialog's title
     * @return the folder chosen; empty when cancelled
     */
    public Optional<Path> showSaveFolder(Window owner, String title) {
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle(title);
        Path folder = initial();
        if (Files.isDirectory(folder)) chooser.setInitialDirectory(folder.toFile());
        Optional<Path> chosen = Optional.ofNullable(chooser.showDialog(owner)).map(File::toPath);
        chosen.ifPresent(f -> last = f.toAbsolutePath());
        return chosen;
    }
}
