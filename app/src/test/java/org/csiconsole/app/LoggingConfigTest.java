package org.csiconsole.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.core.ConsoleAppender;
import org.junit.jupiter.api.Test;

import java.util.ServiceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The console's logging ({@link ConsoleLogging}) keeps the loggers that would print secrets at DEBUG
 * (Jetty request headers carry the CSP x-auth-token; Netty HTTP/2 frames carry CSI secrets) at INFO
 * or above, even under a root logger set to DEBUG, and logback finds it without an XML file.
 */
class LoggingConfigTest {
    @Test
    void secretPrintingLoggersStayAtInfoOrAboveEvenWhenTheRootIsAtDebug() {
        LoggerContext ctx = new LoggerContext();
        ConsoleLogging.apply(ctx);
        ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).setLevel(Level.DEBUG);
        for (String name : new String[] {"org.eclipse.jetty", "org.eclipse.jetty.server.HttpChannel", "io.javalin",
                "io.grpc.netty.shaded.io.netty.handler.codec.http2", "io.grpc.netty.shaded.io.grpc.netty.NettyClientHandler"}) {
            assertThat(ctx.getLogger(name).getEffectiveLevel().isGreaterOrEqual(Level.INFO)).as(name).isTrue();
        }
    }

    @Test
    void theRootLogsWarningsAndAboveToStderr() {
        LoggerContext ctx = new LoggerContext();
        ConsoleLogging.apply(ctx);
        ch.qos.logback.classic.Logger root = ctx.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        assertThat(root.getLevel()).isEqualTo(Level.WARN);
        assertThat(root.getAppender("STDERR")).isInstanceOfSatisfying(ConsoleAppender.class,
                a -> assertThat(a.getTarget()).isEqualTo("System.err"));
    }

    @Test
    void logbackFindsTheConfigurationThroughItsServiceLoader() {
        assertThat(ServiceLoader.load(Configurator.class).stream().map(ServiceLoader.Provider::type))
                .contains(ConsoleLogging.class);
    }

    @Test
    void aConfigurationFileOnTheClassPathWins() {
        // the tests' logback-test.xml is on this class path
        assertThat(new ConsoleLogging().configure(new LoggerContext())).isEqualTo(Configurator.ExecutionStatus.INVOKE_NEXT_IF_ANY);
    }
}
