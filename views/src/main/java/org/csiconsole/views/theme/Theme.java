package org.csiconsole.views.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.scene.paint.Color;

/** The two console themes: AtlantaFX Primer plus the console's token sheet. */
public enum Theme {
    LIGHT("Light", new PrimerLight().getUserAgentStylesheet(),
            new FirstFrameColours(Color.web("#ffffff"), Color.web("#f6f8fa"), Color.web("#d0d7de"), Color.web("#57606a"))),
    DARK("Dark", new PrimerDark().getUserAgentStylesheet(),
            new FirstFrameColours(Color.web("#0d1117"), Color.web("#161b22"), Color.web("#30363d"), Color.web("#8b949e")));

    /**
     * The theme's colours for a first frame drawn before any stylesheet is loaded (the start shell):
     * AtlantaFX Primer's {@code -color-bg-default}, {@code -color-bg-subtle}, {@code -color-border-default}
     * and {@code -color-fg-muted}, which the workbench's frame is drawn with. ThemeTest checks them
     * against the theme's stylesheet.
     */
    public record FirstFrameColours(Color background, Color subtle, Color border, Color mutedText) {
    }

    private final String label;
    private final String userAgentStylesheet;
    private final FirstFrameColours firstFrame;

    Theme(String label, String userAgentStylesheet, FirstFrameColours firstFrame) {
        this.label = label;
        this.userAgentStylesheet = userAgentStylesheet;
        this.firstFrame = firstFrame;
    }

    public String label() {
        return label;
    }

    /** The AtlantaFX user-agent stylesheet URL for this theme. */
    public String userAgentStylesheet() {
        return userAgentStylesheet;
    }

    /** The colours of a first frame drawn without stylesheets ({@link FirstFrameColours}). */
    public FirstFrameColours firstFrame() {
        return firstFrame;
    }

    public Theme other() {
        return this == LIGHT ? DARK : LIGHT;
    }
}
