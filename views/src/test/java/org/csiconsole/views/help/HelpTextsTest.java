package org.csiconsole.views.help;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class HelpTextsTest {
    @Test
    void gettingStartedSaysHowToOpenTrainingModeInTheWorkbenchAndOnTheCommandLine() {
        assertThat(HelpTexts.gettingStarted()).contains("Training mode (Alt+5", "csi-console training list", "training start NAME");
    }

    @Test
    void theStartPagesDemoNoteNamesTrainingAndItsShortcut() {
        assertThat(HelpTexts.DEMO_NOTE).contains("Training (Alt+5)");
    }

    @Test
    void theDocumentsListTheTrainingSchema() {
        assertThat(HelpTexts.DOCUMENTS).extracting(HelpTexts.Document::path).contains("docs/training-schema.md");
    }
}
