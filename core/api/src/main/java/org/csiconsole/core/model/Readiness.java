package org.csiconsole.core.model;

/**
 * What a Probe answer says of readiness (CSI spec, "Probe": {@code ready} is optional, and a CO
 * MUST assume the plugin is ready when it is not set; csi-addons identity.proto "Probe" the same).
 * The one wording of readiness, rendered as it is by the CLI and the checks.
 */
public enum Readiness {
    /** {@code ready: true}. */
    READY("ready"),
    /** {@code ready: false}: healthy, still initializing. */
    NOT_READY("not ready"),
    /** {@code ready} left unset, which the spec reads as ready. */
    NOT_REPORTED("not reported, assumed ready (CSI spec: Probe)");

    private final String text;

    Readiness(String text) {
        this.text = text;
    }

    /** A probe check's title for this answer: {@code "Probe says ready"}, or {@code "Probe leaves ready unset"} when not reported. */
    public String title(String probe) {
        return this == NOT_REPORTED ? probe + " leaves ready unset" : probe + " says ready";
    }

    /** True unless the plugin said it is not ready. */
    public boolean ready() {
        return this != NOT_READY;
    }

    /** In words: {@code "ready"}, {@code "not ready"} or {@code "not reported, assumed ready (CSI spec: Probe)"}. */
    public String text() {
        return text;
    }

    /** From a Probe answer: {@code reported} whether {@code ready} was set, {@code value} its value. */
    public static Readiness of(boolean reported, boolean value) {
        return !reported ? NOT_REPORTED : value ? READY : NOT_READY;
    }
}
