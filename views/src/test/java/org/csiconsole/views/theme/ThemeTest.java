package org.csiconsole.views.theme;

import javafx.scene.paint.Color;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

class ThemeTest {

    @Test
    void theFirstFrameColoursAreTheThemesOwn() throws IOException {
        for (Theme theme : Theme.values()) {
            String css = stylesheet(theme);
            Theme.FirstFrameColours c = theme.firstFrame();
            assertThat(c.background()).as(theme + " background").isEqualTo(variable(css, "-color-bg-default"));
            assertThat(c.subtle()).as(theme + " subtle").isEqualTo(variable(css, "-color-bg-subtle"));
            assertThat(c.border()).as(theme + " border").isEqualTo(variable(css, "-color-border-default"));
            assertThat(c.mutedText()).as(theme + " muted text").isEqualTo(variable(css, "-color-fg-muted"));
        }
    }

    /** The theme's stylesheet as text: AtlantaFX names its CSS, which it also ships compiled (.bss). */
    private static String stylesheet(Theme theme) throws IOException {
        String where = theme.userAgentStylesheet();
        try (InputStream in = where.contains(":") ? new URL(where).openStream() : ThemeTest.class.getResourceAsStream(where)) {
            assertThat(in).as(where).isNotNull();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static Color variable(String css, String name) {
        Matcher m = Pattern.compile(Pattern.quote(name) + ":\\s*(#[0-9a-fA-F]{6})\\s*;").matcher(css);
        assertThat(m.find()).as(name + " in the stylesheet").isTrue();
        return Color.web(m.group(1));
    }
}
