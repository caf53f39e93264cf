package org.csiconsole.app.gui;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WorkbenchStartFailureTest {

    @Test
    void withoutADisplayItSaysSoAndPointsToSshXAndTheCommandLine() {
        // as JavaFX throws it from Application.launch when DISPLAY is not set
        UnsupportedOperationException e = new UnsupportedOperationException("Unable to open DISPLAY");

        assertThat(WorkbenchStartFailure.explain(e, null)).hasValueSatisfying(text -> assertThat(text)
                .contains("needs a graphical display, and DISPLAY is not set", "ssh -X", "csi-console --help"));
        assertThat(WorkbenchStartFailure.explain(e, "")).hasValueSatisfying(text -> assertThat(text).contains("DISPLAY is not set"));
    }

    @Test
    void withADisplayThatDoesNotAnswerItNamesTheDisplay() {
        UnsupportedOperationException e = new UnsupportedOperationException("Unable to open DISPLAY");

        assertThat(WorkbenchStartFailure.explain(e, ":42")).hasValueSatisfying(text -> assertThat(text)
                .contains("cannot open the display DISPLAY=:42", "XAUTHORITY"));
    }

    @Test
    void withoutTheDesktopLibrariesItNamesThePackagesToInstall() {
        // as QuantumToolkit wraps it when libglass cannot be loaded (GTK 3 missing)
        RuntimeException e = new RuntimeException(new UnsatisfiedLinkError("no glass in java.library.path: /usr/lib"));

        assertThat(WorkbenchStartFailure.explain(e, ":0")).hasValueSatisfying(text -> assertThat(text)
                .contains("GTK 3 and OpenGL", "sudo apt-get install libgtk-3-0 libgl1", "csi-console --help")
                .doesNotContain("java.library.path"));
    }

    @Test
    void anyOtherFailureIsNotExplainedAway() {
        RuntimeException e = new RuntimeException("Exception in Application start method", new IllegalStateException("bug"));

        assertThat(WorkbenchStartFailure.explain(e, ":0")).isEmpty();
    }
}
