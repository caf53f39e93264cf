package org.csiconsole.views.dialog;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.Observable;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Consent;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The state of a confirmation that renders one {@link Assessment} (no {@code Node}s): the texts to
 * type, the override choice, and whether the confirming action may run. It asks exactly what the
 * assessment's {@link Consent} asks, as the command line does, never less:
 * <ul>
 *   <li>CONFIRM: the action itself;</li>
 *   <li>TYPED: the phrase (a single target's name or id);</li>
 *   <li>TYPED_EACH: each target's name or id, each in its own field;</li>
 *   <li>a blocked call: nothing, unless the verdict is overridable, the override is chosen, and
 *       {@link Assessment#consent(boolean)}'s override consent is typed.</li>
 * </ul>
 */
public final class RiskPrompt {
    /**
     * The placeholder of every typed-consent field: neutral, never the answer itself, which a person could
     * otherwise accept without reading it.
     */
    public static final String TYPING_HINT = "type the text shown above";

    private final Assessment assessment;
    private final List<StringProperty> fields = new ArrayList<>();
    private final BooleanProperty override = new SimpleBooleanProperty(this, "override", false);
    private final BooleanBinding canSend;

    public RiskPrompt(Assessment assessment) {
        this.assessment = Objects.requireNonNull(assessment, "assessment");
        Consent c = assessment.consent(assessment.blocked());
        int n = assessment.blocked() && !overridable() ? 0 : switch (c.level()) {
            case NONE, CONFIRM -> 0;
            case TYPED -> 1;
            case TYPED_EACH -> c.names().size();
        };
        for (int i = 0; i < n; i++) fields.add(new SimpleStringProperty(this, "typed" + i, ""));
        List<Observable> deps = new ArrayList<>(fields);
        deps.add(override);
        canSend = Bindings.createBooleanBinding(this::satisfied, deps.toArray(Observable[]::new));
    }

    public Assessment assessment() {
        return assessment;
    }

    /** True when the call is blocked but rests on the console's own record only, so it may be sent anyway. */
    public boolean overridable() {
        return assessment.blocked() && assessment.illegal().overridable();
    }

    /** The fields to type into, in order; empty when nothing is typed. */
    public List<StringProperty> fields() {
        return fields;
    }

    /** The text field {@code i} asks for: the phrase, or target {@code i}'s name. */
    public String expected(int i) {
        Consent c = consent();
        return c.level() == Consent.Kind.TYPED ? c.phrase() : c.names().get(i);
    }

    /** The consent the fields give: the assessment's, or what sending a blocked call anyway needs. */
    public Consent consent() {
        return assessment.consent(assessment.blocked());
    }

    /** The person's choice to send a blocked, overridable call anyway. */
    public BooleanProperty overrideProperty() {
        return override;
    }

    /** True while the confirming action may run. */
    public BooleanBinding canSendProperty() {
        return canSend;
    }

    /**
     * Why the confirming button labelled {@code action} is disabled, in a sentence under the fields; empty while it
     * is enabled or when nothing can be sent at all.
     */
    public javafx.beans.binding.StringBinding whyNotProperty(String action) {
        List<Observable> deps = new ArrayList<>(fields);
        deps.add(override);
        return Bindings.createStringBinding(() -> {
            if (satisfied() || (assessment.blocked() && !overridable())) return "";
            if (assessment.blocked() && !override.get()) return "Tick \u201cSend anyway\u201d first, then type the text shown.";
            Consent c = consent();
            for (int i = 0; i < fields.size(); i++) {
                boolean ok = c.level() == Consent.Kind.TYPED ? c.accepts(fields.get(i).get()) : c.acceptsFor(i, fields.get(i).get());
                if (!ok) return whyNot(fields.get(i).get(), expected(i), action);
            }
            return "";
        }, deps.toArray(Observable[]::new));
    }

    /**
     * Why a typed confirmation's button labelled {@code action} stays disabled while the field holds {@code typed}
     * and the text asked for is {@code expected}: the one wording of every typed confirmation.
     */
    public static String whyNot(String typed, String expected, String action) {
        String t = typed == null ? "" : typed.strip();
        if (t.isEmpty()) return action + " is enabled once the field holds " + expected + ".";
        if (t.equals(expected)) return "Not yet: remove the spaces before and after " + expected + ".";
        if (t.equalsIgnoreCase(expected)) return "Not yet: the capitals differ; type " + expected + " exactly as shown.";
        if (expected.startsWith(t)) {
            int left = expected.length() - t.length();
            return "Keep typing: " + left + (left == 1 ? " more character" : " more characters") + " of " + expected + ".";
        }
        return "\u201c" + t + "\u201d is not " + expected + ": " + action + " stays disabled until the field holds exactly that.";
    }

    /** The answer, when {@link #canSendProperty()} holds; else null. */
    public RiskAnswer answer() {
        if (!satisfied()) return null;
        return new RiskAnswer(fields.stream().map(StringProperty::get).map(String::strip).toList(), assessment.blocked());
    }

    private boolean satisfied() {
        if (assessment.blocked() && !(overridable() && override.get())) return false;
        Consent c = consent();
        if (fields.isEmpty()) return true;
        if (c.level() == Consent.Kind.TYPED) return c.accepts(fields.get(0).get());
        for (int i = 0; i < fields.size(); i++) {
            if (!c.acceptsFor(i, fields.get(i).get())) return false;
        }
        return true;
    }
}
