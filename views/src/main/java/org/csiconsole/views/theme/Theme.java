package org.csiconsole.views.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import javafx.scene.paint.Color;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The two console themes: AtlantaFX Primer plus the console's token sheet. */
public enum Theme {
    LIGHT("Light", new PrimerLight().getUserAgentStylesheet()),
    DARK("Dark", new PrimerDark().getUserAgentStylesheet());

    /**
     * The theme's colours for a first frame drawn before any stylesheet is loaded (the start shell),
     * as the theme's stylesheet declares them: {@code -color-bg-default}, {@code -color-bg-subtle},
     * {@code -color-border-default} and {@code -color-fg-muted}, which the workbench's frame is drawn with.
     */
    public record FirstFrameColours(Color background, Color subtle, Color border, Color mutedText) {
    }

    /** A colour variable of the stylesheet's root, one per line at its start: its name, a colon, six hexadecimal digits. */
    private static final Pattern VARIABLE = Pattern.compile("^\\s*(-color-[a-z-]+)\\s*:\\s*(#[0-9a-fA-F]{6})\\s*;");
    private static final String[] FIRST_FRAME = {"-color-bg-default", "-color-bg-subtle", "-color-border-default", "-color-fg-muted"};

    private final String label;
    private final String userAgentStylesheet;
    private volatile FirstFrameColours firstFrame;

    Theme(String label, String userAgentStylesheet) {
        this.label = label;
        this.userAgentStylesheet = userAgentStylesheet;
    }

    public String label() {
        return label;
    }

    /** The AtlantaFX user-agent stylesheet URL for this theme. */
    public String userAgentStylesheet() {
        return userAgentStylesheet;
    }

    /**
     * The colours of a first frame drawn without stylesheets ({@link FirstFrameColours}), read from the
     * top of the theme's stylesheet (its variables come first; reading stops once the four are found).
     * A colour the stylesheet does not declare is white, light grey or grey.
     */
    public FirstFrameColours firstFrame() {
        FirstFrameColours c = firstFrame;
        if (c == null) firstFrame = c = readFirstFrame();
        return c;
    }

    private FirstFrameColours readFirstFrame() {
        Map<String, Color> found = new HashMap<>();
        try (InputStream in = userAgentStylesheet.contains(":") ? new URL(userAgentStylesheet).openStream()
                : Theme.class.getResourceAsStream(userAgentStylesheet)) {
            if (in != null) {
                BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
                for (String line = lines.readLine(); line != null && found.size() < FIRST_FRAME.length; line = lines.readLine()) {
                    Matcher m = VARIABLE.matcher(line);
                    if (m.find() && List.of(FIRST_FRAME).contains(m.group(1))) found.put(m.group(1), Color.valueOf(m.group(2)));
                }
            }
        } catch (IOException e) {
            // the first frame is then drawn in the neutral colours below; the workbench brings the theme's own
        }
        return new FirstFrameColours(found.getOrDefault(FIRST_FRAME[0], Color.WHITE), found.getOrDefault(FIRST_FRAME[1], Color.WHITESMOKE),
                found.getOrDefault(FIRST_FRAME[2], Color.LIGHTGRAY), found.getOrDefault(FIRST_FRAME[3], Color.GRAY));
    }

    public Theme other() {
        return this == LIGHT ? DARK : LIGHT;
    }
}
