package org.csiconsole.core.store;

import java.nio.file.Path;
import java.util.Map;

/**
 * Where the console keeps its settings: {@code $XDG_CONFIG_HOME/csi-console}, or
 * {@code ~/.config/csi-console} when that variable is unset or not absolute (XDG Base Directory
 * Specification, "Environment variables").
 */
public final class ConfigDirectory {
    /** Name of the console's folder inside the config home. */
    public static final String APP_DIR = "csi-console";

    private ConfigDirectory() {
    }

    /** Resolves the folder from this process's environment and {@code user.home}. */
    public static Path resolve() {
        return resolve(System.getenv(), System.getProperty("user.home"));
    }

    /**
     * @param env environment variables (only {@code XDG_CONFIG_HOME} is read)
     * @param userHome the user's home folder
     */
    public static Path resolve(Map<String, String> env, String userHome) {
        String xdg = env.get("XDG_CONFIG_HOME");
        if (xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()) {
            return Path.of(xdg, APP_DIR);
        }
        return Path.of(userHome, ".config", APP_DIR);
    }
}
