package org.csiconsole.core.audit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class AuditOriginTest {
    @Test
    void theHostNameComesFromHostnameFirst(@TempDir Path dir) throws Exception {
        Path kernel = Files.writeString(dir.resolve("hostname"), "node-from-kernel\n");
        assertThat(AuditOrigin.LocalHost.find(" node-7 ", kernel)).isEqualTo("node-7");
    }

    @Test
    void withoutHostnameTheKernelsNameIsUsedWithoutItsNewline(@TempDir Path dir) throws Exception {
        Path kernel = Files.writeString(dir.resolve("hostname"), "worker-3.example\n");
        assertThat(AuditOrigin.LocalHost.find(null, kernel)).isEqualTo("worker-3.example");
        assertThat(AuditOrigin.LocalHost.find("  ", kernel)).isEqualTo("worker-3.example");
    }

    @Test
    void withoutEitherTheResolverOrLocalhostAnswers(@TempDir Path dir) throws Exception {
        Path empty = Files.writeString(dir.resolve("hostname"), "\n");
        assertThat(AuditOrigin.LocalHost.find(null, empty)).isNotBlank().doesNotEndWith("\n");
        assertThat(AuditOrigin.LocalHost.find(null, dir.resolve("missing"))).isNotBlank();
    }

    @Test
    void localNamesTheUserHostAndConnection() {
        AuditOrigin origin = AuditOrigin.local("unix:///csi/csi.sock");
        assertThat(origin.host()).isEqualTo(AuditOrigin.localHostName()).isNotBlank();
        assertThat(origin.osUser()).isEqualTo(System.getProperty("user.name"));
        assertThat(origin.connection()).isEqualTo("unix:///csi/csi.sock");
    }
}
