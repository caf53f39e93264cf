package org.csiconsole.app.gui;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class EndpointNameTest {
    @Test
    void aKubeletSocketIsNamedAfterItsDriverFolder() {
        assertThat(Console.endpointName("unix:///var/lib/kubelet/plugins/csi.hpe.com/csi.sock")).isEqualTo("csi.hpe.com");
        assertThat(Console.endpointName("/run/csi.sock")).isEqualTo("run");
        assertThat(Console.endpointName("/csi.sock")).isEqualTo("csi.sock");
    }

    @Test
    void aTcpEndpointIsNamedByHostAndPort() {
        assertThat(Console.endpointName("tcp://csi-proxy.example:9000")).isEqualTo("csi-proxy.example:9000");
    }
}
