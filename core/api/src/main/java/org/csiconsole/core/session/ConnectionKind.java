package org.csiconsole.core.session;

/** What a connection profile talks to. */
public enum ConnectionKind {
    /** A CSI driver (plus csi-addons, when advertised) over a unix socket or TCP. */
    CSI,
    /** An HPE Container Storage Provider array over its REST API. */
    CSP,
    /** The bundled in-process reference plugin, seeded with the two-site demo. */
    DEMO,
    /**
     * A saved troubleshooting report ({@code report.json}) shown read-only: what the driver answered
     * when the report was made. Nothing is sent anywhere; never saved as a profile.
     */
    REPORT
}
