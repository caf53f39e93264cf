package org.csiconsole.views.theme;

import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ThemeTest {

    @Test
    void theFirstFrameColoursAreTheOnesThePrimerStylesheetsDeclare() {
        Theme.FirstFrameColours light = Theme.LIGHT.firstFrame();
        Theme.FirstFrameColours dark = Theme.DARK.firstFrame();

        // AtlantaFX Primer Light and Dark: -color-bg-default, -color-bg-subtle, -color-border-default, -color-fg-muted
        assertThat(light).isEqualTo(new Theme.FirstFrameColours(Color.web("#ffffff"), Color.web("#f6f8fa"), Color.web("#d0d7de"),
                Color.web("#57606a")));
        assertThat(dark).isEqualTo(new Theme.FirstFrameColours(Color.web("#0d1117"), Color.web("#161b22"), Color.web("#30363d"),
                Color.web("#8b949e")));
        assertThat(Theme.LIGHT.firstFrame()).as("read once").isSameAs(light);
    }
}
