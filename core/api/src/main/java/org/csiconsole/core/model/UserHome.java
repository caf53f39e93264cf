package org.csiconsole.core.model;

import java.nio.file.Path;
import java.util.Map;

/**
 * The user's home folder as the environment gives it (XDG Base Directory Specification: {@code $HOME}). Java's
 * {@code user.home} comes from the password file, not from {@code $HOME}: a console started with
 * {@code HOME=/tmp/x} keeps its files, and opens its save dialogs, under {@code /tmp/x}, as other programs do.
 */
public final class UserHome {
    private UserHome() {
    }

    /**
     * @param env environment variables ({@code HOME} is read)
     * @param userHome the {@code user.home} system property, used when {@code HOME} is unset, blank or not absolute
     * @return {@code $HOME} when set to an absolute path, else {@code userHome}
     */
    public static Path of(Map<String, String> env, String userHome) {
        String home = env.get("HOME");
        return home != null && !home.isBlank() && Path.of(home).isAbsolute() ? Path.of(home) : Path.of(userHome);
    }

    /** This process's home folder: {@link #of} over its environment and {@code user.home}. */
    public static Path resolve() {
        return of(System.getenv(), System.getProperty("user.home"));
    }
}
