package org.csiconsole.views.connection;

import java.util.Objects;

/**
 * What a person typed to log in to a CSP array: the array user, the array's management IP (sent as
 * {@code x-array-ip} when the CSP runs off-array, hpe-csp-rest-spec.md) and the password. The
 * password is a {@code char[]} the caller wipes after login; it is never saved or shown.
 *
 * @param user the array user; not blank
 * @param arrayIp the array's management IP; empty when the CSP runs on the array
 * @param password the password; the caller wipes it
 */
public record CspLogin(String user, String arrayIp, char[] password) {
    public CspLogin {
        if (user == null || user.isBlank()) throw new IllegalArgumentException("A CSP login needs a user");
        arrayIp = arrayIp == null ? "" : arrayIp.trim();
        user = user.trim();
        Objects.requireNonNull(password, "password");
    }

    /** Never shows the password. */
    @Override
    public String toString() {
        return "CspLogin[user=" + user + ", arrayIp=" + arrayIp + ", password=***]";
    }
}
