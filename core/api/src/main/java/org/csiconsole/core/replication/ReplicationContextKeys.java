package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * How a listing says a volume or group is replicated. CSI's {@code Volume} has no replication
 * field and csi-addons has no listing, so a driver that wants its listing to show replication puts
 * these keys in {@code volume_context} / {@code volume_group_context} (camelCase), and a CSP array
 * in the volume's or volume group's {@code config} (snake_case). The bundled reference plugin
 * reports them; other drivers' volumes read as not replicated until sampled by name.
 *
 * <table>
 *   <caption>Keys</caption>
 *   <tr><th>CSI context</th><th>CSP config</th><th>value</th></tr>
 *   <tr><td>{@code replicationRole}</td><td>{@code replication_role}</td><td>primary, secondary or resyncing</td></tr>
 *   <tr><td>{@code replicationHealth}</td><td>{@code replication_health}</td><td>healthy, degraded, error</td></tr>
 *   <tr><td>{@code replicationPartner}</td><td>{@code replication_partner}</td><td>the partner array</td></tr>
 *   <tr><td>{@code replicationPeerId}</td><td>{@code replication_peer_id}</td><td>the destination's id on the partner</td></tr>
 *   <tr><td>{@code schedulingInterval}</td><td>{@code scheduling_interval}</td><td>sync interval: 30s, 5m, 1h, 1d</td></tr>
 *   <tr><td>{@code replicationGroup}</td><td>{@code replication_group}</td><td>for a member volume: the replicated volume group</td></tr>
 *   <tr><td>{@code replicationMessage}</td><td>{@code replication_message}</td><td>the status message</td></tr>
 * </table>
 */
public final class ReplicationContextKeys {
    public static final String ROLE = "replicationRole";
    public static final String HEALTH = "replicationHealth";
    public static final String PARTNER = "replicationPartner";
    public static final String PEER_ID = "replicationPeerId";
    public static final String INTERVAL = "schedulingInterval";
    public static final String GROUP = "replicationGroup";
    public static final String MESSAGE = "replicationMessage";

    private ReplicationContextKeys() {
    }

    /** The CSP spelling of a key: {@code replicationRole} → {@code replication_role}. */
    public static String snake(String key) {
        return key.replaceAll("([A-Z])", "_$1").toLowerCase(Locale.ROOT);
    }

    /** {@code values} under both spellings' keys, CSI ({@code camel == true}) or CSP; empty values left out. */
    public static Map<String, String> write(boolean camel, VolumeReplicationRole role, ReplicationHealth health, String partner,
                                            String peerId, Duration interval, String group, String message) {
        Map<String, String> m = new LinkedHashMap<>();
        put(m, camel, ROLE, role == null || role == VolumeReplicationRole.UNKNOWN ? "" : role.name().toLowerCase(Locale.ROOT));
        put(m, camel, HEALTH, health == null || health == ReplicationHealth.UNKNOWN ? "" : health.name().toLowerCase(Locale.ROOT));
        put(m, camel, PARTNER, partner);
        put(m, camel, PEER_ID, peerId);
        put(m, camel, INTERVAL, interval == null ? "" : interval.toSeconds() + "s");
        put(m, camel, GROUP, group);
        put(m, camel, MESSAGE, message);
        return m;
    }

    private static void put(Map<String, String> m, boolean camel, String key, String value) {
        if (value != null && !value.isEmpty()) m.put(camel ? key : snake(key), value);
    }

    /** The replication a context or config reports; {@link VolumeReplication#NONE} when it names no role. */
    public static VolumeReplication read(Map<String, ?> values) {
        String role = text(values, ROLE);
        if (role.isEmpty()) return VolumeReplication.NONE;
        return new VolumeReplication(true, role(role), health(text(values, HEALTH)), text(values, PARTNER), text(values, MESSAGE));
    }

    /** The destination id a context or config reports; empty when none. */
    public static String peerId(Map<String, ?> values) {
        return text(values, PEER_ID);
    }

    /** The replicated group a member volume's context names; empty when none. */
    public static String group(Map<String, ?> values) {
        return text(values, GROUP);
    }

    /** The scheduling interval reported ({@code 30s}, {@code 5m}, {@code 1h}, {@code 1d}); null when none or unreadable. */
    public static Duration interval(Map<String, ?> values) {
        return parseInterval(text(values, INTERVAL));
    }

    /** Parses {@code 30s}, {@code 5m}, {@code 1h}, {@code 1d}; null when blank or not such a duration. */
    public static Duration parseInterval(String text) {
        if (text == null || text.isBlank()) return null;
        String t = text.trim().toLowerCase(Locale.ROOT);
        try {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            if (n <= 0) return null;
            return switch (t.charAt(t.length() - 1)) {
                case 's' -> Duration.ofSeconds(n);
                case 'm' -> Duration.ofMinutes(n);
                case 'h' -> Duration.ofHours(n);
                case 'd' -> Duration.ofDays(n);
                default -> null;
            };
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** primary, secondary, resyncing (any case); else UNKNOWN. */
    public static VolumeReplicationRole role(String text) {
        try {
            return VolumeReplicationRole.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            return VolumeReplicationRole.UNKNOWN;
        }
    }

    private static ReplicationHealth health(String text) {
        try {
            return ReplicationHealth.valueOf(text.trim().toUpperCase(Locale.ROOT));
        } catch (RuntimeException e) {
            return ReplicationHealth.UNKNOWN;
        }
    }

    /** The CSP spelling of each key, worked out once (a listing reads them for every volume). */
    private static final Map<String, String> SNAKE = Map.of(ROLE, snake(ROLE), HEALTH, snake(HEALTH), PARTNER, snake(PARTNER),
            PEER_ID, snake(PEER_ID), INTERVAL, snake(INTERVAL), GROUP, snake(GROUP), MESSAGE, snake(MESSAGE));

    private static String text(Map<String, ?> values, String key) {
        if (values.isEmpty()) return "";
        Object v = values.get(key);
        if (v == null) v = values.get(SNAKE.getOrDefault(key, key));
        return v == null ? "" : String.valueOf(v).trim();
    }
}
