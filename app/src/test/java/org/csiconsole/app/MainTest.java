package org.csiconsole.app;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MainTest {
    private String before;

    @BeforeEach
    void remember() {
        before = System.getProperty(Main.NETTY_JFR_EVENTS);
    }

    @AfterEach
    void restore() {
        if (before == null) System.clearProperty(Main.NETTY_JFR_EVENTS);
        else System.setProperty(Main.NETTY_JFR_EVENTS, before);
    }

    @Test
    void nettysAllocatorEventsAreOffUnlessTheCommandLineAsksForThem() {
        System.clearProperty(Main.NETTY_JFR_EVENTS);
        Main.withoutNettyJfrEvents();
        assertThat(System.getProperty(Main.NETTY_JFR_EVENTS)).isEqualTo("false");

        System.setProperty(Main.NETTY_JFR_EVENTS, "true");
        Main.withoutNettyJfrEvents();
        assertThat(System.getProperty(Main.NETTY_JFR_EVENTS)).as("given with -D").isEqualTo("true");
    }

    @Test
    void theSwitchIsTheOneTheShadedNettyReads() throws Exception {
        // the relocated name is in PlatformDependent's constant pool: a grpc-netty-shaded upgrade that renames it fails here
        try (var in = io.grpc.netty.shaded.io.netty.util.internal.PlatformDependent.class
                .getResourceAsStream("PlatformDependent.class")) {
            assertThat(in).isNotNull();
            String bytes = new String(in.readAllBytes(), java.nio.charset.StandardCharsets.ISO_8859_1);
            assertThat(bytes).contains(Main.NETTY_JFR_EVENTS);
        }
    }
}
