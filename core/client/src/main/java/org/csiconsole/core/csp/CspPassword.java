package org.csiconsole.core.csp;

import java.util.Arrays;
import java.util.function.Function;

/**
 * Holds a CSP password as a {@code char[]} that can be wiped.
 *
 * <p>Trade-off: the spec expects a client to log in again when a token expires or is refused
 * (hpe-csp-rest-spec.md, {@code /containers/v1/tokens}). Doing that without asking the person again
 * requires keeping the password. {@link CspClient} therefore keeps this holder for the life of the
 * session (unless {@link CspConfig#keepPasswordForRelogin()} is false, in which case it is wiped
 * right after the first login and an expired session needs a fresh client) and wipes it on close.
 * The JSON request body of a login is a short-lived byte array that is zeroed after sending; the
 * HTTP stack may still copy it into its own buffers, which we cannot clear.
 */
public final class CspPassword implements AutoCloseable {
    private char[] chars;

    private CspPassword(char[] chars) {
        this.chars = chars;
    }

    /** Copies the given characters; the caller should wipe its own array afterwards. */
    public static CspPassword of(char[] password) {
        if (password == null) throw new IllegalArgumentException("password is null");
        return new CspPassword(password.clone());
    }

    /** Lends the characters to {@code use}; the function must not keep them. */
    public synchronized <T> T use(Function<char[], T> use) {
        if (chars == null) throw new IllegalStateException("The password was already wiped");
        return use.apply(chars);
    }

    /** True once {@link #wipe()} ran. */
    public synchronized boolean isWiped() {
        return chars == null;
    }

    /** Overwrites the characters and drops them; idempotent. */
    public synchronized void wipe() {
        if (chars != null) {
            Arrays.fill(chars, '\0');
            chars = null;
        }
    }

    @Override
    public void close() {
        wipe();
    }

    @Override
    public String toString() {
        return "CspPassword[***]";
    }
}
