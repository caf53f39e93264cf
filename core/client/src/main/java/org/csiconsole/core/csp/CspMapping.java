package org.csiconsole.core.csp;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.ReplicationPartner;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeSource;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Maps CSP wire objects to domain records and checks the fields the spec's object tables make
 * mandatory in output (hpe-csp-rest-spec.md, "Objects"). A missing mandatory field is a
 * {@link org.csiconsole.core.call.FailureKind#PROTOCOL} failure that names the object and field.
 */
final class CspMapping {
    private CspMapping() {
    }

    static CspSessionInfo session(CspDto.TokenDto t, String what) {
        require(t.id(), "Token", "id", what);
        require(t.sessionToken(), "Token", "session_token", what);
        return new CspSessionInfo(t.id(), nz(t.username()), nz(t.arrayIp()), seconds(t.creationTime()), seconds(t.expiryTime()));
    }

    static Host host(CspDto.HostDto h, String what) {
        require(h.id(), "Host", "id", what);
        require(h.uuid(), "Host", "uuid", what);
        return new Host(h.id(), h.uuid(), h.name(), h.iqns(), h.wwpns(), h.nqns(), h.networks(), h.chapUser(),
                AccessProtocol.fromWire(h.accessProtocol()).orElse(null), h.virtualDomain());
    }

    /** A full volume: {@code id}, {@code name} and {@code size} are mandatory. */
    static Volume volume(CspDto.VolumeDto v, String what) {
        require(v.id(), "Volume", "id", what);
        require(v.name(), "Volume", "name", what);
        require(v.size(), "Volume", "size", what);
        return volumeRef(v, what);
    }

    /** A volume as a group lists it: {@code id} and {@code name} are mandatory. */
    static Volume volumeRef(CspDto.VolumeDto v, String what) {
        require(v.id(), "Volume", "id", what);
        require(v.name(), "Volume", "name", what);
        Map<String, String> props = new LinkedHashMap<>();
        if (v.description() != null) props.put("description", v.description());
        if (v.published() != null) props.put("published", v.published().toString());
        if (v.isClone() != null) props.put("clone", v.isClone().toString());
        VolumeSource source = v.baseSnapshotId() == null || v.baseSnapshotId().isEmpty()
                ? VolumeSource.NONE : VolumeSource.snapshot(v.baseSnapshotId());
        Map<String, String> config = text(v.config());
        return new Volume(v.id(), v.name(), v.size() == null ? 0 : Math.max(0, v.size()), source, null, config, null, null,
                null, null, v.volumeGroupId(), Origin.CSP, props,
                org.csiconsole.core.replication.ReplicationContextKeys.read(config == null ? Map.of() : config));
    }

    /** A full snapshot: {@code id}, {@code name} and {@code volume_id} are mandatory. */
    static Snapshot snapshot(CspDto.SnapshotDto s, String what) {
        require(s.id(), "Snapshot", "id", what);
        require(s.name(), "Snapshot", "name", what);
        require(s.volumeId(), "Snapshot", "volume_id", what);
        return snapshotRef(s, "", what);
    }

    /** A snapshot as a snapshot group lists it: {@code id} is mandatory. */
    static Snapshot snapshotRef(CspDto.SnapshotDto s, String groupId, String what) {
        require(s.id(), "Snapshot", "id", what);
        Map<String, String> props = new LinkedHashMap<>();
        if (s.description() != null) props.put("description", s.description());
        if (s.volumeName() != null) props.put("volume_name", s.volumeName());
        text(s.config()).forEach((k, v) -> props.put("config." + k, v));
        return new Snapshot(s.id(), s.name(), s.volumeId(), s.size() == null ? 0 : Math.max(0, s.size()), seconds(s.creationTime()),
                Boolean.TRUE.equals(s.readyToUse()), groupId, Origin.CSP, props);
    }

    static VolumeGroup volumeGroup(CspDto.VolumeGroupDto g, String what) {
        require(g.id(), "VolumeGroup", "id", what);
        require(g.name(), "VolumeGroup", "name", what);
        List<Volume> members = new ArrayList<>();
        if (g.volumes() != null) for (CspDto.VolumeDto v : g.volumes()) members.add(volumeRef(v, what));
        return new VolumeGroup(g.id(), g.name(), g.description(), members, seconds(g.creationTime()), text(g.config()), Origin.CSP);
    }

    static SnapshotGroup snapshotGroup(CspDto.SnapshotGroupDto g, String what) {
        require(g.id(), "SnapshotGroup", "id", what);
        require(g.name(), "SnapshotGroup", "name", what);
        require(g.volumeGroupId(), "SnapshotGroup", "volume_group_id", what);
        List<Snapshot> members = new ArrayList<>();
        if (g.snapshots() != null) for (CspDto.SnapshotDto s : g.snapshots()) members.add(snapshotRef(s, g.id(), what));
        Map<String, Object> c = g.config() == null ? Map.of() : g.config();
        SnapshotGroup.Replication repl = c.containsKey("repl_status") || c.containsKey("replicate")
                ? new SnapshotGroup.Replication(bool(c.get("replicate")), bool(c.get("is_complete")),
                SnapshotGroup.ReplStatus.fromWire(c.get("repl_status") == null ? null : c.get("repl_status").toString()),
                seconds(number(c.get("repl_start_time"))), seconds(number(c.get("repl_complete_time"))))
                : SnapshotGroup.Replication.NONE;
        return new SnapshotGroup(g.id(), g.name(), g.volumeGroupId(), g.volumeGroupName(), seconds(g.creationTime()),
                members, repl, text(g.config()));
    }

    static ReplicationPartner partner(CspDto.ReplicationPartnerDto p, String what) {
        require(p.id(), "ReplicationPartner", "id", what);
        Boolean alive = p.alive() != null ? p.alive() : p.isAlive();
        String role = p.replRole() != null ? p.replRole() : p.replDirection();
        return new ReplicationPartner(p.id(), p.name(), alive, ReplicationPartner.Role.fromWire(role));
    }

    static PublishInfo publishInfo(CspDto.PublishInfoDto p, AccessProtocol requested, String what) {
        require(p.serialNumber(), "PublishInfo", "serial_number", what);
        require(p.lunId(), "PublishInfo", "lun_id", what);
        AccessProtocol proto = AccessProtocol.fromWire(p.accessProtocol()).orElse(requested);
        List<PublishInfo.PeerLun> peers = new ArrayList<>();
        if (p.peerArrayDetails() != null) {
            for (CspDto.SecondaryLunInfoDto s : p.peerArrayDetails()) {
                if (s == null) continue;
                require(s.lunId(), "SecondaryLunInfo", "lun_id", what);
                peers.add(new PublishInfo.PeerLun(s.lunId(), csvSplit(s.targetNames()), s.discoveryIps()));
            }
        }
        boolean chap = p.chapPassword() != null && !p.chapPassword().isEmpty();
        return new PublishInfo(p.serialNumber(), proto, p.lunId(), csvSplit(p.targetNames()), p.discoveryIps(),
                p.chapUser(), chap, peers);
    }

    /** The spec allows {@code target_names} entries that are themselves comma-separated lists; flattened here. */
    private static List<String> csvSplit(List<String> names) {
        if (names == null) return List.of();
        List<String> out = new ArrayList<>();
        for (String n : names) {
            if (n == null) continue;
            for (String part : n.split(",")) if (!part.isBlank()) out.add(part.trim());
        }
        return out;
    }

    static void require(Object value, String object, String field, String what) {
        if (value == null || (value instanceof String s && s.isBlank())) {
            throw new CallFailure(org.csiconsole.core.call.FailureKind.PROTOCOL, what,
                    "the CSP's " + object + " lacks the mandatory field '" + field + "'",
                    "The CSP does not follow the API: check its version and look at its log", "");
        }
    }

    /** Config values rendered as text: strings as they are, other values as JSON. */
    static Map<String, String> text(Map<String, Object> config) {
        if (config == null) return Map.of();
        Map<String, String> out = new TreeMap<>();
        config.forEach((k, v) -> {
            if (k == null) return;
            if (v == null) out.put(k, "");
            else if (v instanceof String s) out.put(k, s);
            else {
                try {
                    out.put(k, CspJson.MAPPER.writeValueAsString(v));
                } catch (JsonProcessingException e) {
                    out.put(k, String.valueOf(v));
                }
            }
        });
        return out;
    }

    /** Epoch seconds as an instant; null when absent, not after the epoch, or beyond what an {@link Instant} holds. */
    static Instant seconds(Long epochSeconds) {
        return epochSeconds == null || epochSeconds <= 0 || epochSeconds > Instant.MAX.getEpochSecond() ? null
                : Instant.ofEpochSecond(epochSeconds);
    }

    private static Long number(Object o) {
        if (o instanceof Number n) return n.longValue();
        if (o instanceof String s && s.matches("\\d{1,18}")) return Long.parseLong(s);
        return null;
    }

    private static boolean bool(Object o) {
        return o instanceof Boolean b ? b : o != null && "true".equalsIgnoreCase(o.toString());
    }

    private static String nz(String s) {
        return s == null ? "" : s;
    }
}
