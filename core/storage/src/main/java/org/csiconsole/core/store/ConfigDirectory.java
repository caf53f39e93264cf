package org.csiconsole.core.store;

import org.csiconsole.core.model.UserHome;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the console keeps its settings: {@code $XDG_CONFIG_HOME/csi-console}, or
 * {@code ~/.config/csi-console} when that variable is unset or not absolute (XDG Base Directory
 * Specification, "Environment variables"). Home ({@code ~}) is {@link #home}, for the data and state
 * folders too.
 */
public final class ConfigDirectory {
    /** Name of the console's folder inside the config home. */
    public static final String APP_DIR = "csi-console";

    private ConfigDirectory() {
    }

    /**
     * The user's home folder as the XDG defaults mean it: {@link UserHome#of}.
     *
     * @param env environment variables ({@code HOME} is read)
     * @param userHome the {@code user.home} system property
     */
    public static Path home(Map<String, String> env, String userHome) {
        return UserHome.of(env, userHome);
    }

    /** Resolves the folder from this process's environment and {@code user.home}. */
    public static Path resolve() {
        return resolve(System.getenv(), System.getProperty("user.home"));
    }

    /**
     * @param env environment variables ({@code XDG_CONFIG_HOME}, and {@code HOME} as {@link #home} reads it)
     * @param userHome the {@code user.home} system property
     */
    public static Path resolve(Map<String, String> env, String userHome) {
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, APP_DIR);
        }
        return home(env, userHome).resolve(".config").resolve(APP_DIR);
    }

    /**
     * Where the console keeps state that should persist between restarts (the demo's plugin state):
     * {@code $XDG_STATE_HOME/csi-console}, or {@code ~/.local/state/csi-console} when that variable is unset or not absolute.
     *
     * @param env environment variables ({@code XDG_STATE_HOME}, and {@code HOME} as {@link #home} reads it)
     * @param userHome the {@code user.home} system property
     */
    public static Path state(Map<String, String> env, String userHome) {
        String xdg = env.get("XDG_STATE_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) return Path.of(xdg, APP_DIR);
        return home(env, userHome).resolve(".local").resolve("state").resolve(APP_DIR);
    }
}
