package org.csiconsole.views.connection;

import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.dialog.FxDialogService;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/** {@link ConnectionDialogs} with JavaFX dialogs, modal and themed through a {@link FxDialogService}. */
public final class FxConnectionDialogs implements ConnectionDialogs {
    private final FxDialogService dialogs;

    public FxConnectionDialogs(FxDialogService dialogs) {
        this.dialogs = Objects.requireNonNull(dialogs);
    }

    @Override
    public Optional<ConnectionProfile> editProfile(ConnectionProfile existing, Set<String> takenNames) {
        ConnectionFormModel model = new ConnectionFormModel(existing, takenNames);
        return dialogs.prepare(new ConnectionDialog(model, existing != null)).showAndWait();
    }

    @Override
    public Optional<char[]> askPassword(ConnectionProfile profile) {
        return dialogs.prepare(new PasswordDialog(profile.name(), profile.user(), profile.cspUrl())).showAndWait();
    }

    @Override
    public Optional<CspLogin> askLogin(ConnectionProfile profile) {
        return dialogs.prepare(new LoginDialog(profile)).showAndWait();
    }

    @Override
    public boolean trustCertificate(String url, String subject, String fingerprint) {
        return dialogs.prepare(new TrustDialog(url, subject, fingerprint)).showAndWait().orElse(false);
    }
}
