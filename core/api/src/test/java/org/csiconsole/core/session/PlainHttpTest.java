package org.csiconsole.core.session;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class PlainHttpTest {
    @Test
    void plainHttpToThisMachineIsAllowedWithAWarningBeforeThePassword() {
        assertThat(PlainHttp.refusal("http://127.0.0.1:8080")).isEmpty();
        assertThat(PlainHttp.warning("http://127.0.0.1:8080")).contains(
                "Plain HTTP: the password and the session token travel unencrypted to 127.0.0.1 (this machine). "
                        + "Use https:// when the CSP offers it.");
        assertThat(PlainHttp.warning("http://localhost:8080")).hasValueSatisfying(w -> w.contains("(this machine)"));
    }

    @Test
    void plainHttpToAnotherHostIsRefusedAndWarnedWhereAllowed() {
        assertThat(PlainHttp.refusal("http://array1.example:8080")).contains("Plain HTTP to array1.example would send the password unencrypted");
        assertThat(PlainHttp.warning("http://array1.example:8080")).hasValueSatisfying(w -> w.contains("readable by anyone on the network path"));
    }

    @Test
    void httpsAndNonsenseSayNothing() {
        assertThat(PlainHttp.warning("https://array1.example:8080")).isEmpty();
        assertThat(PlainHttp.refusal("https://array1.example:8080")).isEmpty();
        assertThat(PlainHttp.warning("not a url")).isEmpty();
        assertThat(PlainHttp.refusal(null)).isEmpty();
    }
}
