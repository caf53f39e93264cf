package org.csiconsole.views.theme;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;

/** The two console themes: AtlantaFX Primer plus the console's token sheet. */
public enum Theme {
    LIGHT("Light", new PrimerLight().getUserAgentStylesheet()),
    DARK("Dark", new PrimerDark().getUserAgentStylesheet());

    private final String label;
    private final String userAgentStylesheet;

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

    public Theme other() {
        return this == LIGHT ? DARK : LIGHT;
    }
}
