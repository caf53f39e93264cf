package org.csiconsole.app.gui;

import org.csiconsole.core.store.ConfigDirectory;
import org.csiconsole.core.store.ProfileStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.file.Path;

/**
 * Work the workbench's construction needs but that does not need the FX thread, started on a
 * background thread once the start shell is on the display, as the FX thread starts building the
 * workbench: the logging configuration is read, and the preferences and the saved connections are
 * read once, which loads and initializes the JSON code the FX thread then reads them with again
 * (the files are small; it finds that code ready, or waits for this thread to finish readying it).
 * Nothing of it runs before the window's first frame. A failure here is logged
 * at debug and left to the FX thread, which meets and reports it in its own words.
 */
public final class StartupPrefetch {
    private StartupPrefetch() {
    }

    /** Starts the prefetch on a daemon thread and returns at once. */
    public static void start() {
        Thread t = new Thread(StartupPrefetch::run, "startup-prefetch");
        t.setDaemon(true);
        t.start();
    }

    private static void run() {
        Logger log = LoggerFactory.getLogger(StartupPrefetch.class);
        try {
            Path config = ConfigDirectory.resolve();
            new PreferencesStore(config).load();
            new ProfileStore(config).load();
        } catch (RuntimeException e) {
            log.debug("start-up prefetch: {}", e.toString());
        }
    }
}
