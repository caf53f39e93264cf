package org.csiconsole.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.ConsoleAppender;
import ch.qos.logback.core.spi.ContextAwareBase;

import java.util.Map;

/**
 * Logging of the installed console and its command line, set up in code (found by logback through
 * {@code META-INF/services}) rather than from an XML file: logback's XML reader costs a command a
 * few hundred milliseconds of start-up. Errors reach a person through the UI or the command's
 * stderr text, so the log stays quiet: WARN and above to stderr.
 *
 * <p>A configuration file still wins when there is one: {@code -Dlogback.configurationFile=F}, or a
 * {@code logback-test.xml} on the class path (the tests).
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_NORMAL_PRIORITY)
public final class ConsoleLogging extends ContextAwareBase implements Configurator {
    /** The stderr line: time, level, logger, message. */
    static final String PATTERN = "%d{HH:mm:ss.SSS} %-5level %logger{36} - %msg%n";

    /**
     * Levels kept whatever the root level is. Netty's HTTP/2 frame loggers print whole frames at
     * DEBUG, secret fields of CSI requests among them; Jetty (the reference CSP server) prints
     * request headers at DEBUG, the CSP {@code x-auth-token} among them.
     */
    static final Map<String, Level> PINNED = Map.of(
            "io.grpc.netty.shaded.io.grpc.netty.NettyClientHandler", Level.INFO,
            "io.grpc.netty.shaded.io.grpc.netty.NettyServerHandler", Level.INFO,
            "io.grpc.netty.shaded.io.netty.handler.codec.http2", Level.INFO,
            "io.grpc", Level.WARN,
            "org.eclipse.jetty", Level.WARN,
            "io.javalin", Level.WARN);

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        if (System.getProperty("logback.configurationFile") != null
                || ConsoleLogging.class.getClassLoader().getResource("logback-test.xml") != null) {
            return ExecutionStatus.INVOKE_NEXT_IF_ANY;
        }
        apply(context);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }

    /** Sets {@code context} up: the root at WARN to stderr, and the {@link #PINNED} levels. */
    static void apply(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        ConsoleAppender<ILoggingEvent> stderr = new ConsoleAppender<>();
        stderr.setContext(context);
        stderr.setName("STDERR");
        stderr.setTarget("System.err");
        stderr.setEncoder(encoder);
        stderr.start();
        Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.WARN);
        root.addAppender(stderr);
        PINNED.forEach((name, level) -> context.getLogger(name).setLevel(level));
    }
}
