package org.csiconsole.core.store;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.SecretClass;
import org.csiconsole.core.session.SecretSources;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** Secrets files as JSON or key=value lines, one for all calls or per class; failures name the file, never a value. */
class SecretFilesTest {
    private static final String CANARY = "canary-File-5d21";

    @TempDir
    Path dir;

    @Test
    void aJsonObjectAndKeyValueLinesReadTheSame() throws Exception {
        Path json = Files.writeString(dir.resolve("s.json"), "{\"userID\": \"admin\", \"userKey\": \"" + CANARY + "\"}");
        Path props = Files.writeString(dir.resolve("s.properties"), "# ceph\nuserID=admin\nuserKey = " + CANARY + "\n");

        assertThat(SecretFiles.read(json).values()).isEqualTo(Map.of("userID", "admin", "userKey", CANARY));
        assertThat(SecretFiles.read(props)).isEqualTo(SecretFiles.read(json));
    }

    @Test
    void oneFileServesEveryClassAndAnOverrideServesItsOwn() throws Exception {
        Path all = Files.writeString(dir.resolve("all.properties"), "user=all\n");
        Path publish = Files.writeString(dir.resolve("publish.properties"), "user=publish\n");
        ConnectionSecrets s = SecretFiles.of(SecretSources.allFrom(all.toString()).with(SecretClass.CONTROLLER_PUBLISH, publish.toString()));

        assertThat(s.configured()).isTrue();
        assertThat(s.forClass(SecretClass.PROVISIONER).values()).containsEntry("user", "all");
        assertThat(s.forClass(SecretClass.CONTROLLER_PUBLISH).values()).containsEntry("user", "publish");
        assertThat(SecretFiles.of(SecretSources.NONE)).isSameAs(ConnectionSecrets.NONE);
    }

    @Test
    void aBrokenFileIsNamedWithWhereItBreaksAndNoValueFromIt() throws Exception {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"userKey\": \"" + CANARY + "\",\n \"x\": }");
        Path number = Files.writeString(dir.resolve("number.json"), "{\"userKey\": 42}");

        CallFailure f = catchThrowableOfType(() -> SecretFiles.read(bad), CallFailure.class);
        assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(f.describe()).contains(bad.toString()).contains("line 2").doesNotContain(CANARY);
        assertThat(catchThrowableOfType(() -> SecretFiles.read(number), CallFailure.class).why()).contains("\"userKey\" is not a string");
        assertThat(catchThrowableOfType(() -> SecretFiles.read(dir.resolve("missing.json")), CallFailure.class).describe())
                .contains("missing.json").contains("cannot be read");
    }
}
