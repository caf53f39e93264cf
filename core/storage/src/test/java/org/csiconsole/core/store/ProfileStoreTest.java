package org.csiconsole.core.store;

import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ProfileStoreTest {
    @TempDir
    Path dir;

    @Test
    void emptyWhenNothingSaved() {
        assertThat(new ProfileStore(dir).load()).isEmpty();
    }

    @Test
    void roundTripsEveryField() {
        ProfileStore store = new ProfileStore(dir.resolve("nested"));
        ConnectionProfile csi = new ConnectionProfile(ConnectionKind.CSI, "lab", "tcp://10.0.0.5:9000",
                "unix:///run/node.sock", "/etc/ca.pem", "", "", "", "AB:CD", "/etc/client.pem", "/etc/client-key.pem");
        ConnectionProfile csp = ConnectionProfile.csp("array-a", "https://csp:8080", "admin", "192.0.2.10");
        store.save(List.of(csi, csp));

        assertThat(new ProfileStore(dir.resolve("nested")).load()).containsExactly(csi, csp);
    }

    @Test
    void neverWritesAPasswordField() throws Exception {
        ProfileStore store = new ProfileStore(dir);
        store.put(ConnectionProfile.csp("array-a", "https://csp:8080", "admin", "192.0.2.10"));
        String text = Files.readString(store.file());
        assertThat(text.toLowerCase()).doesNotContain("password").doesNotContain("secret");
    }

    @Test
    void putReplacesSameNameAndRemoveDeletes() {
        ProfileStore store = new ProfileStore(dir);
        store.put(ConnectionProfile.csi("lab", "unix:///a.sock"));
        store.put(ConnectionProfile.csi("lab", "unix:///b.sock"));
        assertThat(store.load()).extracting(ConnectionProfile::endpoint).containsExactly("unix:///b.sock");
        store.remove("lab");
        assertThat(store.load()).isEmpty();
    }

    @Test
    void duplicateNamesAreRejectedWithoutWriting() {
        ProfileStore store = new ProfileStore(dir);
        assertThatThrownBy(() -> store.save(List.of(ConnectionProfile.csi("x", "unix:///a"),
                ConnectionProfile.csi("x", "unix:///b"))))
                .isInstanceOfSatisfying(CallFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
                    assertThat(f.whatToDo()).isNotBlank();
                });
        assertThat(Files.exists(store.file())).isFalse();
    }

    @Test
    void unreadableFileIsAWordedFailure() throws Exception {
        Files.writeString(dir.resolve(ProfileStore.FILE_NAME), "<html>not json</html>");
        assertThatThrownBy(() -> new ProfileStore(dir).load())
                .isInstanceOfSatisfying(CallFailure.class, f -> assertThat(f.why()).contains("not a valid profile list"));
    }

    @Test
    void configDirectoryFollowsXdg() {
        assertThat(ConfigDirectory.resolve(Map.of("XDG_CONFIG_HOME", "/x/cfg"), "/home/u"))
                .isEqualTo(Path.of("/x/cfg/csi-console"));
        assertThat(ConfigDirectory.resolve(Map.of(), "/home/u")).isEqualTo(Path.of("/home/u/.config/csi-console"));
        assertThat(ConfigDirectory.resolve(Map.of("XDG_CONFIG_HOME", "relative"), "/home/u"))
                .isEqualTo(Path.of("/home/u/.config/csi-console"));
    }

    @Test
    void homeIsHomeWhenSetElseUserHomeForTheConfigDataAndStateFolders() {
        Map<String, String> fresh = Map.of("HOME", "/tmp/fresh");
        assertThat(ConfigDirectory.resolve(fresh, "/root")).isEqualTo(Path.of("/tmp/fresh/.config/csi-console"));
        assertThat(DataDirectory.resolve(fresh, "/root")).isEqualTo(Path.of("/tmp/fresh/.local/share/csi-console"));
        assertThat(ConfigDirectory.state(fresh, "/root")).isEqualTo(Path.of("/tmp/fresh/.local/state/csi-console"));
        assertThat(DataDirectory.resolve(Map.of(), "/root")).as("HOME unset").isEqualTo(Path.of("/root/.local/share/csi-console"));
        assertThat(DataDirectory.resolve(Map.of("HOME", "relative"), "/root")).isEqualTo(Path.of("/root/.local/share/csi-console"));
        assertThat(DataDirectory.resolve(Map.of("HOME", "/tmp/fresh", "XDG_DATA_HOME", "/x/data"), "/root"))
                .as("XDG_DATA_HOME wins").isEqualTo(Path.of("/x/data/csi-console"));
        assertThat(ConfigDirectory.state(Map.of("HOME", "/tmp/fresh", "XDG_STATE_HOME", "/x/state"), "/root"))
                .isEqualTo(Path.of("/x/state/csi-console"));
    }

    @Test
    void profileNeedsAName() {
        assertThatThrownBy(() -> ConnectionProfile.csi(" ", "unix:///a")).isInstanceOf(IllegalArgumentException.class);
        assertThat(ConnectionProfile.demo().target()).isEqualTo("inproc:demo");
    }
}
