package org.csiconsole.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.joran.JoranConfigurator;
import org.junit.jupiter.api.Test;

import java.io.InputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shipped logback.xml keeps the loggers that would print secrets at DEBUG (Jetty request
 * headers carry the CSP x-auth-token; Netty HTTP/2 frames carry CSI secrets) at INFO or above.
 */
class LoggingConfigTest {
    @Test
    void secretPrintingLoggersStayAtInfoOrAbove() throws Exception {
        LoggerContext ctx = new LoggerContext();
        JoranConfigurator jc = new JoranConfigurator();
        jc.setContext(ctx);
        try (InputStream in = getClass().getResourceAsStream("/logback.xml")) {
            assertThat(in).as("logback.xml on the app class path").isNotNull();
            jc.doConfigure(in);
        }
        for (String name : new String[] {"org.eclipse.jetty", "org.eclipse.jetty.server.HttpChannel", "io.javalin",
                "io.grpc.netty.shaded.io.netty.handler.codec.http2"}) {
            assertThat(ctx.getLogger(name).getEffectiveLevel().isGreaterOrEqual(Level.INFO)).as(name).isTrue();
        }
    }
}
