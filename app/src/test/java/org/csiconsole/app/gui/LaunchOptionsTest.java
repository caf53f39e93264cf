package org.csiconsole.app.gui;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class LaunchOptionsTest {
    @Test
    void noArgumentsOpenTheDemo() {
        assertThat(LaunchOptions.parse(List.of())).contains(LaunchOptions.DEMO);
    }

    @Test
    void endpointAndCspUrlOpenThoseWithoutTheDemo() {
        assertThat(LaunchOptions.parse(List.of("--endpoint", "unix:///run/csi.sock", "--csp-url=https://csp:8080")))
                .contains(new LaunchOptions(false, "unix:///run/csi.sock", "https://csp:8080"));
        assertThat(LaunchOptions.parse(List.of("--demo", "--endpoint", "tcp://h:1")))
                .contains(new LaunchOptions(true, "tcp://h:1", null));
    }

    @Test
    void aCspUrlCarriesTheUserAndArrayIpForItsLoginDialog() {
        assertThat(LaunchOptions.parse(List.of("--csp-url", "https://csp:8080", "--csp-user", "admin", "--array-ip", "192.0.2.10")))
                .contains(new LaunchOptions(false, null, "https://csp:8080", "admin", "192.0.2.10"));
    }

    @Test
    void subcommandsHelpAndUnknownOptionsBelongToTheCommandLine() {
        assertThat(LaunchOptions.parse(List.of("help"))).isEmpty();
        assertThat(LaunchOptions.parse(List.of("--help"))).isEmpty();
        assertThat(LaunchOptions.parse(List.of("--version"))).isEmpty();
        assertThat(LaunchOptions.parse(List.of("--endpoint"))).as("missing value").isEmpty();
        assertThat(LaunchOptions.parse(List.of("volumes", "list"))).isEmpty();
    }

    @Test
    void openNamesAReportToOpenWithTheDemo() {
        assertThat(LaunchOptions.parse(List.of("--open", "/tmp/r/report.json")))
                .contains(new LaunchOptions(true, null, null, null, null, "/tmp/r/report.json"));
    }
}
