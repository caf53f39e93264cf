package org.csiconsole.views.dialog;

import java.util.List;

/**
 * What a person answered to a {@link org.csiconsole.core.risk.Assessment}: the texts typed (one for a
 * typed phrase, one per target for names typed each) and whether a known-illegal call is sent anyway
 * (an override, audited as such).
 *
 * @param typed what was typed, in the order of the consent's names; empty when nothing was to be typed
 * @param override true when the person chose to send a call the console's own record says is illegal
 */
public record RiskAnswer(List<String> typed, boolean override) {
    public RiskAnswer {
        typed = typed == null ? List.of() : List.copyOf(typed);
    }
}
