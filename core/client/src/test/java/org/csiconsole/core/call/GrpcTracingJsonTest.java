package org.csiconsole.core.call;

import csi.v1.Csi;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class GrpcTracingJsonTest {
    @Test
    void parametersReadAsTypedNotAsHtmlEscapes() {
        Csi.CreateVolumeRequest req = Csi.CreateVolumeRequest.newBuilder().setName("pvc-1")
                .putParameters("mountOptions", "a=b <c> & 'd'").build();

        String json = GrpcTracing.json(req);

        assertThat(json).contains("\"a=b <c> & 'd'\"").doesNotContain("\\u003d").doesNotContain("\\u0026");
    }

    @Test
    void anEscapedBackslashBeforeAnEscapeStaysEscaped() {
        // The value \= prints as \\\u003d: an escaped backslash, then the escaped '='.
        assertThat(GrpcTracing.plain("\"\\\\\\u003d\"")).isEqualTo("\"\\\\=\"");
        // The six characters \u003d typed literally print as \\u003d and stay so.
        assertThat(GrpcTracing.plain("\"\\\\u003d\"")).isEqualTo("\"\\\\u003d\"");
    }
}
