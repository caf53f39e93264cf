package org.csiconsole.app.bench;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The start-up benchmark's competitor lists what the console lists, and writes nothing to stderr while it does. */
class RawStubListTest {
    @TempDir
    Path dir;

    @Test
    void listsEveryPageOverAUnixSocketWithoutAWarning() throws Exception {
        Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        ListAppender<ILoggingEvent> log = new ListAppender<>();
        log.start();
        root.addAppender(log);
        StringWriter text = new StringWriter();
        try (FakeCsiDriver driver = new FakeCsiDriver().withVolumes(12)) {
            driver.startUnix(dir.resolve("csi.sock"));
            assertThat(RawStubList.list(dir.resolve("csi.sock").toString(), 5, new PrintWriter(text, true))).isEqualTo(12);
            assertThat(driver.calls("ListVolumes")).isEqualTo(3);
        } finally {
            root.detachAppender(log);
        }
        assertThat(text.toString()).startsWith("vol-1 1073741824\n").endsWith("12 volumes\n");
        assertThat(log.list).filteredOn(e -> e.getLevel().isGreaterOrEqual(Level.WARN))
                .extracting(ILoggingEvent::getFormattedMessage).isEmpty();
    }
}
