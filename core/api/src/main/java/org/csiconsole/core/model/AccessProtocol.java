package org.csiconsole.core.model;

import java.util.Locale;
import java.util.Optional;

/**
 * Block access protocol a host uses to attach a published volume (hpe-csp-rest-spec.md,
 * {@code PublishOptions.access_protocol}; OpenAPI 1.1.0 {@code Host.access_protocol}).
 */
public enum AccessProtocol {
    /** iSCSI: initiators are IQNs, targets are IQNs reached through discovery IPs. */
    ISCSI("iscsi"),
    /** Fibre Channel: initiators are WWPNs. */
    FC("fc"),
    /** NVMe over TCP: initiators are host NQNs. */
    NVME_TCP("nvmetcp");

    private final String wire;

    AccessProtocol(String wire) {
        this.wire = wire;
    }

    /** The value sent on the wire, e.g. {@code iscsi}. */
    public String wire() {
        return wire;
    }

    /** Parses a wire value case-insensitively; {@code nvme} and {@code nvme-tcp} are read as {@link #NVME_TCP}. */
    public static Optional<AccessProtocol> fromWire(String text) {
        if (text == null) return Optional.empty();
        String t = text.trim().toLowerCase(Locale.ROOT).replace("-", "").replace("/", "").replace("_", "");
        return switch (t) {
            case "iscsi" -> Optional.of(ISCSI);
            case "fc" -> Optional.of(FC);
            case "nvmetcp", "nvme" -> Optional.of(NVME_TCP);
            default -> Optional.empty();
        };
    }
}
