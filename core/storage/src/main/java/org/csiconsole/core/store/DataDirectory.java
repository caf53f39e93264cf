package org.csiconsole.core.store;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the console keeps its data (the audit log): {@code $CSI_CONSOLE_DATA_DIR} when set (tests and
 * demos point it at a folder of their own), else {@code $XDG_DATA_HOME/csi-console}, or
 * {@code ~/.local/share/csi-console} when that variable is unset or not absolute (XDG Base Directory
 * Specification, "Environment variables").
 */
public final class DataDirectory {
    /** Environment variable that overrides the folder outright. */
    public static final String OVERRIDE_ENV = "CSI_CONSOLE_DATA_DIR";

    private DataDirectory() {
    }

    /** Resolves the folder from this process's environment and {@code user.home}. */
    public static Path resolve() {
        return resolve(System.getenv(), System.getProperty("user.home"));
    }

    /**
     * @param env environment variables ({@value #OVERRIDE_ENV}, {@code XDG_DATA_HOME}, and {@code HOME} as
     *     {@link ConfigDirectory#home} reads it)
     * @param userHome the {@code user.home} system property
     */
    public static Path resolve(Map<String, String> env, String userHome) {
        String override = env.get(OVERRIDE_ENV);
        if (override != null && !override.isBlank()) return Path.of(override).toAbsolutePath();
        String xdg = env.get("XDG_DATA_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, ConfigDirectory.APP_DIR);
        }
        return ConfigDirectory.home(env, userHome).resolve(".local").resolve("share").resolve(ConfigDirectory.APP_DIR);
    }
}
