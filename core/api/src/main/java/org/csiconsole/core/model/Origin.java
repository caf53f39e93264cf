package org.csiconsole.core.model;

/** Which protocol an object was read from; {@link #BOTH} when a CSI and a CSP view were correlated. */
public enum Origin {
    CSI,
    CSP,
    BOTH
}
