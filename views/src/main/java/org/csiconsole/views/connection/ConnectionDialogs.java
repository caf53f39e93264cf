package org.csiconsole.views.connection;

import org.csiconsole.core.session.ConnectionProfile;

import java.util.Optional;
import java.util.Set;

/**
 * The questions a connection asks a person, without touching a {@code Node}: the profile form,
 * the CSP password, and whether to trust an unknown certificate. The application uses
 * {@link FxConnectionDialogs}; tests answer with a fake. Called on the UI thread; each returns when
 * the person has answered.
 */
public interface ConnectionDialogs {

    /**
     * Shows the connection form.
     *
     * @param existing the profile to edit, or null for a new one
     * @param takenNames names already used by other profiles
     * @return the profile to save, or empty when cancelled
     */
    Optional<ConnectionProfile> editProfile(ConnectionProfile existing, Set<String> takenNames);

    /**
     * Asks for the CSP password of {@code profile}. The caller wipes the array after use.
     *
     * @return the password, or empty when cancelled
     */
    Optional<char[]> askPassword(ConnectionProfile profile);

    /**
     * Asks for the whole CSP login of {@code profile}: user, array IP and password, filled with what
     * the profile has. Used for an array named on the command line, which has no saved profile to
     * edit. The caller wipes the password after use. This default asks only for the password and
     * keeps the profile's user and array IP; without a user it answers empty.
     *
     * @return the login, or empty when cancelled
     */
    default Optional<CspLogin> askLogin(ConnectionProfile profile) {
        if (profile.user().isBlank()) return Optional.empty();
        return askPassword(profile).map(pw -> new CspLogin(profile.user(), profile.arrayIp(), pw));
    }

    /**
     * Trust on first use: shows the certificate and asks whether to pin it.
     *
     * @param url the CSP address
     * @param subject the certificate subject, may be empty
     * @param fingerprint SHA-256, colon-separated hex pairs
     * @return true when the person chose to trust and pin it
     */
    boolean trustCertificate(String url, String subject, String fingerprint);
}
