package org.csiconsole.core.endpoint;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Comparator;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/** Every endpoint failure is found before connecting, with a message that says what to do. */
class SocketDiagnosticsTest {
    private final SocketDiagnostics diagnostics = new SocketDiagnostics("alice");
    private Path dir;

    @BeforeEach
    void makeDir() throws IOException {
        // short, so socket paths stay far below the 108-byte sun_path limit
        dir = Files.createTempDirectory(Path.of("/tmp"), "sd");
    }

    @AfterEach
    void removeDir() throws IOException {
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                try {
                    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwx------"));
                } catch (IOException ignored) {
                    // sockets may refuse; deletion still works
                }
                Files.deleteIfExists(p);
            }
        }
    }

    private CallFailure problem(Path p) {
        Optional<CallFailure> f = diagnostics.check(p);
        assertThat(f).as("a problem with %s", p).isPresent();
        assertThat(f.get().kind()).isEqualTo(FailureKind.ENDPOINT);
        assertThat(f.get().whatToDo()).isNotBlank();
        return f.get();
    }

    @Test
    void missingSocket() {
        CallFailure f = problem(dir.resolve("csi.sock"));
        assertThat(f.why()).contains("there is no socket").contains("does not exist");
        assertThat(f.whatToDo()).contains("driver is running");
    }

    @Test
    void missingDirectory() {
        CallFailure f = problem(dir.resolve("nope/csi.sock"));
        assertThat(f.why()).contains("directory " + dir.resolve("nope") + " does not exist");
    }

    @Test
    void regularFileIsNotASocket() throws IOException {
        Path file = Files.writeString(dir.resolve("csi.sock"), "x");
        CallFailure f = problem(file);
        assertThat(f.why()).contains("is a regular file, not a unix socket");
    }

    @Test
    void directoryIsNotASocket() throws IOException {
        Path d = Files.createDirectory(dir.resolve("plugin"));
        assertThat(problem(d).why()).contains("is a directory, not a unix socket");
        assertThat(problem(d).whatToDo()).contains("not at its directory");
    }

    @Test
    void staleSocketLeftBehindByAStoppedDriver() throws IOException {
        Path sock = dir.resolve("csi.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(sock));
        }
        assertThat(Files.exists(sock)).as("closing does not unlink the socket file").isTrue();
        CallFailure f = problem(sock);
        assertThat(f.why()).contains("nothing is listening").contains("stale");
        assertThat(f.whatToDo()).startsWith("Restart the driver's container").contains("remove the file: rm " + sock);
        assertThat(f.detail()).contains("connection refused");
    }

    @Test
    void socketWithoutPermission() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root may open any socket; the check cannot fail as root");
        Path sock = dir.resolve("csi.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(sock));
            Files.setPosixFilePermissions(sock, PosixFilePermissions.fromString("---------"));
            CallFailure f = problem(sock);
            assertThat(f.why()).contains("user alice may not connect");
            assertThat(f.whatToDo()).contains("read and write permission on the socket for alice");
        }
    }

    @Test
    void parentDirectoryWithoutSearchPermission() throws IOException {
        assumeFalse("root".equals(System.getProperty("user.name")), "root may search any directory");
        Path inner = Files.createDirectory(dir.resolve("locked"));
        Files.setPosixFilePermissions(inner, PosixFilePermissions.fromString("rw-------"));
        CallFailure f = problem(inner.resolve("csi.sock"));
        assertThat(f.why()).contains("may not search directory " + inner);
        assertThat(f.whatToDo()).contains("search (x) permission");
    }

    @Test
    void pathOverTheSunPathLimit() {
        Path longPath = dir.resolve("d".repeat(60)).resolve("e".repeat(40) + ".sock");
        CallFailure f = problem(longPath);
        assertThat(f.why()).contains("at most 107 bytes").contains("sun_path");
        assertThat(f.whatToDo()).contains("symbolic link");
    }

    @Test
    void liveSocketPasses() throws IOException {
        Path sock = dir.resolve("csi.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(sock));
            assertThat(diagnostics.check(sock)).isEmpty();
        }
    }

    @Test
    void channelFactoryRefusesToOpenABrokenSocket() {
        ChannelFactory f = new ChannelFactory(diagnostics, "test");
        assertThatThrownBy(() -> f.open(new Endpoint.Unix(dir.resolve("csi.sock"))))
                .isInstanceOfSatisfying(CallFailure.class, c -> assertThat(c.kind()).isEqualTo(FailureKind.ENDPOINT));
    }
}
