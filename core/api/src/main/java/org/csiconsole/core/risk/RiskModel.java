package org.csiconsole.core.risk;

import org.csiconsole.core.model.Words;
import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.risk.Hazard.Gravity;
import org.csiconsole.core.risk.Hazard.Kind;
import org.csiconsole.core.risk.Placement.Knowledge;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The one risk model: what every mutating operation and replication workflow loses or cuts off, the
 * calls that are illegal in the target's state, and the consent each needs. Rules come from the CSI
 * spec's volume lifecycle (v1.12, "Volume Lifecycle": publish, stage, node publish and their reverses
 * in order), csi-addons replication.proto (force, promote, demote, resync) and the CSP REST spec
 * (a host with published volumes cannot be deleted). Pure and thread-safe.
 */
public final class RiskModel implements RiskAssessor {
    /** A fenced block with a shorter prefix than this (wider than a /8) is a hazard of its own. */
    static final int WIDEST_FENCE_PREFIX = 8;
    /** The request field of an expand's size, in bytes, as {@link RiskRequest#sends()} names it. */
    public static final String REQUIRED_BYTES = "capacity_range.required_bytes";
    /** The request field of a node unpublish's path, as {@link RiskRequest#sends()} names it. */
    public static final String TARGET_PATH = "target_path";
    /**
     * The request field of a controller publish's access mode, as {@link RiskRequest#sends()} names it: the csi.proto
     * {@code AccessMode.Mode} name ({@code SINGLE_NODE_WRITER}, {@code MULTI_NODE_MULTI_WRITER}, ...).
     */
    public static final String ACCESS_MODE = "volume_capability.access_mode.mode";
    /** The request field of an unstage's path, as {@link RiskRequest#sends()} names it. */
    public static final String STAGING_TARGET_PATH = "staging_target_path";
    /**
     * The fields a ControllerModifyVolume sends, as {@link RiskRequest#sends()} names them and every confirmation shows
     * them: {@code volume_id}, then each mutable parameter as {@code mutable_parameters[key]}, in the order given.
     *
     * @param mutableParameters csi.proto {@code ControllerModifyVolumeRequest.mutable_parameters}
     */
    public static Map<String, String> modifySends(String volumeId, Map<String, String> mutableParameters) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("volume_id", volumeId);
        mutableParameters.forEach((k, v) -> m.put("mutable_parameters[" + k + "]", v));
        return m;
    }

    /**
     * The fields a CSP publish or unpublish sends, as {@link RiskRequest#sends()} names them and every confirmation shows them
     * (hpe-csp-rest-spec.md, {@code PUT /containers/v1/volumes/{id}/actions/publish|unpublish}): {@code id} (the path's),
     * {@code host_uuid}, and for a publish {@code access_protocol}.
     *
     * @param protocol the access protocol of a publish; null for an unpublish
     */
    public static Map<String, String> cspPublishSends(String volumeId, String hostUuid, org.csiconsole.core.model.AccessProtocol protocol) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        m.put("id", volumeId);
        m.put("host_uuid", hostUuid);
        if (protocol != null) m.put("access_protocol", protocol.wire());
        return m;
    }

    /**
     * How long this console's own successful call is evidence enough to refuse without an override: younger,
     * and not contradicted by the driver, another orchestrator is unlikely to have undone it.
     */
    public static final Duration FRESH = Duration.ofMinutes(5);
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss");
    private final ZoneId zone;

    /** A model that writes times of day in the system's time zone. */
    public RiskModel() {
        this(ZoneId.systemDefault());
    }

    /** A model that writes times of day in {@code zone} (tests use UTC). */
    public RiskModel(ZoneId zone) {
        this.zone = zone;
    }

    @Override
    public Assessment assess(RiskRequest r) {
        Draft d = new Draft(r);
        // a partner the drivers' facts deny is no partner: every rule below that reads it would judge an unrelated volume
        for (TargetFacts t : r.targets()) {
            IllegalCall denied = t.pairing() == PairMismatch.NOT_CONFIRMED ? unknownState(r.operation(), t) : null;
            if (denied != null) d.illegal(denied.reason(), denied.spec(), denied.nextStep(), false);
        }
        switch (r.operation()) {
            case DELETE_VOLUME, DELETE_SNAPSHOT, DELETE_GROUP_SNAPSHOT -> delete(d);
            case DELETE_VOLUME_GROUP -> deleteGroup(d);
            case DELETE_HOST -> deleteHost(d);
            case CREATE_HOST -> d.consent = Consent.none(); // a new host loses nothing and is given no volume
            case CSP_PUBLISH -> cspPublish(d);
            case CSP_UNPUBLISH -> cspUnpublish(d);
            case CONTROLLER_UNPUBLISH -> controllerUnpublish(d);
            case CONTROLLER_PUBLISH -> controllerPublish(d);
            case NODE_UNPUBLISH -> nodeUnpublish(d);
            case NODE_UNSTAGE -> nodeUnstage(d);
            case EXPAND, NODE_EXPAND -> expand(d);
            case MODIFY -> modify(d);
            case FENCE -> fence(d);
            case UNFENCE -> unfence(d);
            case ROTATE_KEY -> d.caution(Kind.IRREVERSIBLE, "the encryption key of " + d.names()
                    + " is replaced; the old key no longer opens it, and the data stays readable with the new one", "").typed();
            case RECLAIM_SPACE -> d.caution(Kind.FOLLOW_UP, "reclaiming space of " + d.names()
                    + " can take long and loads the array while it runs; no data is removed", "").confirm();
            case ENABLE_REPLICATION -> enable(d);
            case DISABLE_REPLICATION -> disable(d);
            case PROMOTE -> promote(d);
            case DEMOTE -> demote(d);
            case RESYNC -> resync(d);
            case PLANNED_FAILOVER -> plannedFailover(d);
            case UNPLANNED_FAILOVER -> unplannedFailover(d);
            case FAILBACK -> failback(d);
            case SPLIT_BRAIN_RECOVERY -> splitBrainRecovery(d);
        }
        // a rule above that knows more (a site that does not answer, a primary partner) speaks first
        for (TargetFacts t : r.targets()) {
            IllegalCall unknown = unknownState(r.operation(), t);
            if (unknown != null) d.illegal(unknown.reason(), unknown.spec(), unknown.nextStep(), false);
        }
        if (r.force() && !r.operation().forceable()) {
            d.illegal("force does not apply to " + r.operation().verb().toLowerCase() + " (csi-addons replication.proto: "
                    + "only PromoteVolume, DemoteVolume and ResyncVolume carry force)", "", "Run it without force.", false);
        }
        return d.build();
    }

    /**
     * {@code a}, made on connection {@code connection} while {@code open} connections are open: with more than one, the
     * title names the connection ({@code "Disable replication of volume vol-00000116 on site-a · Demo"}), as two
     * connections served from the same seed show the same ids; and when another open connection holds a target's id
     * ({@code heldElsewhere}), the text to type names the connection too ({@link Consent#on}).
     *
     * @param connection the connection's name, as the navigator shows it
     * @param open how many connections are open
     * @param heldElsewhere true for an id another open connection holds
     */
    public static Assessment amongConnections(Assessment a, String connection, int open, java.util.function.Predicate<String> heldElsewhere) {
        String name = connection == null ? "" : connection.strip();
        if (open < 2 || name.isEmpty()) return a;
        // a connection that is its own site ("on site-b") is named already
        String title = (a.title() + " ").contains(" on " + name + " ") || a.title().endsWith(" \u00b7 " + name) ? a.title()
                : a.title() + " \u00b7 " + name;
        boolean ambiguous = a.request().targets().stream().map(TargetFacts::id).anyMatch(heldElsewhere);
        return new Assessment(a.request(), title, a.state(), a.hazards(), a.illegal(), ambiguous ? a.consent().on(name) : a.consent(),
                a.saferAlternative());
    }

    /**
     * {@code a} made while the connection is {@code state} (not connected): its facts are the last read, not current, so
     * the first state line says as of when; the call is refused (not overridable: nothing can reach the driver), with the
     * state and what to do, whatever {@code a} decided. The hazards stay, so the person sees what the call would do.
     *
     * @param lostAt when the connection was lost; null when not known
     */
    public static Assessment unreachable(Assessment a, org.csiconsole.core.session.ConnectionState state, Instant lostAt) {
        String asOf = lostAt == null ? "as last read" : "as last read before " + CLOCK.format(lostAt.atZone(ZoneId.systemDefault()));
        List<String> lines = new ArrayList<>();
        lines.add("The driver is unreachable (connection " + state.label() + "): the facts below are " + asOf + ", not current.");
        lines.addAll(a.state());
        IllegalCall refused = new IllegalCall("the driver does not answer (connection " + state.label() + "), so the state of "
                + a.request().targets().stream().map(TargetFacts::displayName).collect(Collectors.joining(", ")) + " cannot be read now", "",
                WAIT_FOR_CONNECTED + ", then start the action again: it is assessed anew from what the driver reports then.", false);
        return new Assessment(a.request(), a.title(), lines, a.hazards(), refused, a.consent(), a.saferAlternative());
    }

    private static final String WAIT_FOR_CONNECTED = "Wait until the connection is Connected again (or reconnect it from the navigator)";

    /**
     * Why a mutation (a delete, a create, a fence, a publish) is not offered while the connection is {@code state}: the sentence a disabled
     * button's tooltip shows, in the words of {@link #unreachable}'s refusal; empty while
     * the channel is {@linkplain org.csiconsole.core.session.ConnectionState#up() up} (or null: not known).
     */
    public static String disabledWhile(org.csiconsole.core.session.ConnectionState state) {
        if (state == null || state.up()) return "";
        return "The driver does not answer (connection " + state.label() + "), so nothing is changed on what was read before. "
                + WAIT_FOR_CONNECTED + ".";
    }

    /** The audit code of a change refused at the moment of sending as its connection's driver did not answer ({@link #notSentUnreachable}). */
    public static final String UNREACHABLE = "UNREACHABLE";

    /**
     * Why a change was not sent: at the moment of sending, connection {@code connection} was {@code state} (not up), whatever
     * was confirmed before. The refusal's reason and the audit record's message; the next step is {@link #WAIT_FOR_CONNECTED}.
     *
     * @param connection the connection's name as the navigator shows it; empty when it has none
     * @return "Not sent: Served is not answering (connection Reconnecting)"
     */
    public static String notSentUnreachable(String connection, org.csiconsole.core.session.ConnectionState state) {
        return "Not sent: " + (connection.isEmpty() ? "the driver" : connection) + " is not answering (connection " + state.label() + ")";
    }

    /** What to do after {@link #notSentUnreachable}: wait for the connection, then start the change again. */
    public static String afterUnreachable() {
        return WAIT_FOR_CONNECTED + ", then start the change again: it is assessed anew from what the driver reports then.";
    }

    /**
     * The one-connection rule: a single operation (not a workflow across sites) on targets read through several
     * connections is refused, as one confirmation would cover calls to several drivers and the same ids may be two
     * unrelated volumes. Each connection is named as the navigator names it.
     *
     * @param op the operation
     * @param connections the connection of each target, in the selection's order (repeats allowed)
     * @return the refusal naming every connection, not overridable; null when the targets are of one connection
     */
    public static IllegalCall acrossConnections(RiskOperation op, List<String> connections) {
        List<String> distinct = connections.stream().distinct().toList();
        if (distinct.size() < 2) return null;
        return new IllegalCall("the selection holds " + (op.replication() ? "rows" : plural(op.noun())) + " of " + distinct.size()
                + " connections (" + String.join(", ", distinct) + "): " + (op.replication() ? "a replication action" : "an action")
                + " is confirmed and sent through one connection at a time", "",
                "Select " + (op.replication() ? "rows" : plural(op.noun())) + " of one connection.", false);
    }

    /**
     * The one-connection rule for the site pickers: site A and site B of two connections are refused when either
     * connection serves more than one site itself (a driver serving both arrays, like the demo), since its volumes'
     * partners are read through it and a pairing with another connection's site would flag every pair as missing its
     * partner. Two connections that each serve one site (one per cluster) may stand side by side.
     *
     * @param scope site A, site B and every site known, each with its connection
     * @return the refusal naming both connections and what to pick, not overridable; null when the pair may stand
     */
    public static IllegalCall acrossConnections(org.csiconsole.core.replication.PairingScope scope) {
        var a = scope.a();
        var b = scope.b();
        if (a == null || b == null || a.connection().equals(b.connection())) return null;
        for (var c : List.of(a, b)) {
            List<String> own = scope.known().stream().filter(s -> s.connection().equals(c.connection()))
                    .map(org.csiconsole.core.replication.PairingScope.Site::name).distinct().toList();
            if (own.size() < 2) continue;
            var other = c == a ? b : a;
            return new IllegalCall(named(other) + " cannot stand beside " + named(c) + ": " + c.connection() + " serves "
                    + listed(own) + " itself, so the partners"
                    + " of its volumes are read through " + c.connection() + " alone, and a pairing with another connection's"
                    + " site would show every pair without its partner", "",
                    "Pick site A and site B of one connection, or two connections that each serve one site.", false);
        }
        return null;
    }

    /** A site and its connection; a connection's one site, named after it, as the connection. */
    private static String named(org.csiconsole.core.replication.PairingScope.Site site) {
        return site.name().equals(site.connection()) ? "connection " + site.connection() : site.name() + " of " + site.connection();
    }

    /** "a", "a and b", "a, b and c". */
    private static String listed(List<String> names) {
        if (names.size() < 2) return String.join("", names);
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }

    /**
     * {@code a} refused by {@link #acrossConnections} when its targets span {@code connections}; {@code a} itself when
     * they are of one connection. The hazards stay, so the person sees what the call would do.
     */
    public static Assessment oneConnection(Assessment a, List<String> connections) {
        IllegalCall across = acrossConnections(a.request().operation(), connections);
        return across == null ? a : new Assessment(a.request(), a.title(), a.state(), a.hazards(), across, a.consent(), a.saferAlternative());
    }

    /**
     * {@code a} when a read just before consent (or just before sending) found targets gone: the driver answered
     * NOT_FOUND for each of {@code gone} (display names). Refused, not overridable: the first state line and the
     * reason say they are already deleted (by someone else?), since CSI's DeleteVolume answers OK for an unknown
     * volume_id and a call sent now would report a success that did not happen. No hazard stays: a target that is gone has
     * nothing left to lose. Empty {@code gone}: {@code a}.
     */
    public static Assessment alreadyGone(Assessment a, List<String> gone) {
        if (gone.isEmpty()) return a;
        List<String> lines = new ArrayList<>();
        lines.add(goneResult(gone));
        lines.addAll(a.state());
        IllegalCall refused = new IllegalCall(String.join(", ", gone) + (gone.size() == 1 ? " is" : " are")
                + " already deleted (by someone else?): the driver answered NOT_FOUND when read just now",
                "CSI spec: " + a.request().operation().call().substring(a.request().operation().call().lastIndexOf('/') + 1)
                        + " of an id the driver no longer knows answers OK, so a call sent now could report a change that did not happen",
                "Nothing to " + a.request().operation().verbLower() + ": refresh the list (F5) to see what is left.", false);
        return new Assessment(a.request(), a.title(), lines, List.of(), refused, a.consent(), a.saferAlternative());
    }

    /** The audit log's code of a call not sent because a read just before found its target gone ({@link org.csiconsole.core.audit.AuditOutcome#NOT_SENT}). */
    public static final String FOUND_GONE = "FOUND_GONE";

    /**
     * The audit record's targets of {@code op} not sent to {@code ids} found gone: the id field its request would have named
     * ({@code volume_id}, {@code snapshot_id}, {@code volume_group_id}, {@code group_snapshot_id}; {@code id} for a CSP host).
     */
    public static Map<String, List<String>> goneTargets(RiskOperation op, List<String> ids) {
        String field = switch (op) {
            case DELETE_SNAPSHOT -> "snapshot_id";
            case DELETE_VOLUME_GROUP -> "volume_group_id";
            case DELETE_GROUP_SNAPSHOT -> "group_snapshot_id";
            case DELETE_HOST -> "id";
            default -> "volume_id";
        };
        return Map.of(field, List.copyOf(ids));
    }

    /**
     * The result shown (and kept in the notifications) for targets found gone before anything was sent:
     * {@code "Already deleted (by someone else?): erp-db was found gone before sending; nothing was sent."}
     */
    public static String goneResult(List<String> gone) {
        return "Already deleted (by someone else?): " + String.join(", ", gone) + (gone.size() == 1 ? " was" : " were")
                + " found gone before sending; nothing was sent.";
    }

    // --- deletes ---------------------------------------------------------------------------

    private void delete(Draft d) {
        RiskOperation op = d.r.operation();
        long bytes = d.r.targets().stream().mapToLong(TargetFacts::capacityBytes).sum();
        boolean one = d.r.targets().size() == 1;
        String size = bytes <= 0 ? "" : " (" + ByteSize.format(bytes) + (one ? "" : " in all") + ")";
        String what = one ? d.one().displayName() + size : d.r.targets().size() + " " + plural(d.one().kind()) + size + ": " + d.names() + ",";
        d.danger(Kind.DATA_DELETED, op.call().substring(op.call().lastIndexOf('/') + 1) + " removes " + what
                + " and all data on " + (one ? "it" : "them") + " for good", "");
        List<String> inUse = new ArrayList<>();
        List<String> replicated = new ArrayList<>();
        List<String> replicatedIds = new ArrayList<>();
        boolean consoleOnly = true;
        for (TargetFacts t : d.r.targets()) {
            if (op == RiskOperation.DELETE_VOLUME_GROUP && !t.dependents().isEmpty()) {
                d.caution(Kind.DATA_DELETED, "volume group " + t.displayName() + " holds " + count(t.dependents().size(), "volume")
                        + ": " + String.join(", ", t.dependents()), "");
            }
            for (Placement p : t.placements()) {
                inUse.add(t.displayName() + " is still " + p.describe());
                consoleOnly &= mayBeStale(d, t, p);
            }
            disagreement(d, t, "");
            if (!t.lastCopyOf().isEmpty()) {
                d.danger(Kind.DATA_DELETED, t.displayName() + " is the last copy of the data of " + t.lastCopyOf()
                        + ", which no longer exists: once it is deleted, that data is gone for good", "");
            }
            if (t.kind().equals("volume") && !t.dependents().isEmpty()) {
                int n = t.dependents().size();
                d.caution(Kind.FOLLOW_UP, t.displayName() + " has " + count(n, "snapshot") + " (" + String.join(", ", t.dependents())
                        + "): " + (n == 1 ? "it stays and becomes the only copy" : "they stay and become the only copies")
                        + " of its data", "");
            }
            if (replicating(t)) {
                String partner = t.partner() == null ? "a partner this console has not read" : t.partner().where();
                String on = t.side().site().isEmpty() ? "" : " on " + t.side().site();
                d.danger(Kind.REPLICATION_CHANGES, t.displayName() + " is replicated (" + role(t.side()) + on
                        + ") with " + partner + ": deleting it leaves the partner without its pair", "");
                replicated.add(t.displayName() + " has replication enabled (" + role(t.side()) + on + ", paired with " + partner + ")");
                replicatedIds.add(t.id());
            }
        }
        // unpublishing comes first in the unwind, so a volume both in use and replicated is told that step first
        if (!inUse.isEmpty()) {
            inUse.forEach(s -> d.danger(Kind.STILL_IN_USE, s, ""));
            d.illegal(String.join("; ", inUse), "CSI spec, Volume Lifecycle: DeleteVolume follows NodeUnpublishVolume, "
                    + "NodeUnstageVolume and ControllerUnpublishVolume on every node", nextUnwind(d.r.targets()),
                    consoleOnly && replicated.isEmpty()); // no override sends the delete of a replicated volume
        }
        if (!replicated.isEmpty()) {
            boolean single = replicatedIds.size() == 1;
            d.illegal(String.join("; ", replicated), "csi-addons replication.proto: DisableVolumeReplication ends the pair; "
                            + "drivers refuse DeleteVolume of a volume whose replication is enabled",
                    "Disable replication of " + (single ? "it" : "them") + " first (Replication > Disable, or csi-console replication disable"
                            + replicatedIds.stream().map(id -> " --volume-id " + id).collect(Collectors.joining()) + "), then delete "
                            + (single ? "it." : "them."), false);
        }
        d.typed();
    }

    /** True when {@code t}'s replication is enabled, as its driver reports it (its role read or not). */
    private static boolean replicating(TargetFacts t) {
        return t.side() != null;
    }

    /**
     * A csi-addons volume group: the group goes; its members stay with their data unless the plan deletes them
     * ({@link TargetFacts#reached()}: one by one, or the driver with the group); a group that is emptied first
     * ({@link org.csiconsole.core.port.VolumeGroupDeletion#EMPTY_GROUP_CALL} among the calls sent) says so. A replicated
     * group is not deleted: its replication is disabled first (csi-addons replication.proto: DisableVolumeReplication
     * ends the pair; a deleted source leaves its partner group without one).
     */
    private void deleteGroup(Draft d) {
        boolean emptied = d.r.sends().containsKey(org.csiconsole.core.port.VolumeGroupDeletion.EMPTY_GROUP_CALL);
        List<String> replicated = new ArrayList<>();
        for (TargetFacts t : d.r.targets()) {
            String name = t.kind() + " " + t.displayName();
            int n = t.dependents().size();
            String members = count(n, "member volume") + (n == 0 ? "" : " (" + String.join(", ", t.dependents()) + ")");
            if (!t.reached().isEmpty()) {
                d.danger(Kind.DATA_DELETED, name + " is deleted, and " + (t.reached().size() == n ? "its " + members
                        : count(t.reached().size(), "member volume") + " (" + String.join(", ", t.reached()) + ")")
                        + " with all " + (t.reached().size() == 1 ? "its" : "their") + " data, for good", "");
            } else if (n == 0 || !t.kind().equals("volume group")) {
                d.danger(Kind.DATA_DELETED, name + " is deleted for good" + (t.kind().equals("volume group") ? "; it has no members" : ", with all data on it"), "");
            } else {
                d.caution(Kind.IRREVERSIBLE, name + " is deleted for good; its " + members + (n == 1 ? " stays, with its data" : " stay, with their data"), "");
            }
            if (emptied && n > 0) {
                d.caution(Kind.MEMBERS_LEAVE, "first, ModifyVolumeGroupMembership with no volume_ids removes the " + members
                        + " from " + t.displayName() + (t.reached().isEmpty() ? ", so that DeleteVolumeGroup does not delete them"
                        : "; after DeleteVolumeGroup, DeleteVolume deletes each of them"), "");
            }
            SideFacts side = t.side();
            if (side != null && side.role() != VolumeReplicationRole.UNKNOWN) {
                String partner = t.partner() == null ? "a partner group" : t.partner().where();
                d.danger(Kind.REPLICATION_CHANGES, name + " is replicated: " + role(side) + " (" + words(side.health()) + ") on "
                        + (side.site().isEmpty() ? "this site" : side.site()) + ", paired with " + partner
                        + "; deleting it leaves " + partner + " without its pair", "");
                replicated.add(name + " is replicated (" + role(side) + ", paired with " + partner + ")");
            }
        }
        if (!replicated.isEmpty()) {
            d.illegal(String.join("; ", replicated), "csi-addons replication.proto: DisableVolumeReplication ends a group's "
                            + "replication; a replicated group is not deleted under its pair",
                    "Disable replication of " + (replicated.size() == 1 ? "the group" : "the groups")
                            + " first (Replication > Disable, or csi-console replication disable --group-id), then delete it.", false);
        }
        d.typed();
    }

    private void deleteHost(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            d.danger(Kind.ACCESS_LOST, "host " + t.displayName() + " is removed from the array with its initiators; "
                    + "it can no longer be given volumes until it is created again", "");
            if (!t.dependents().isEmpty()) {
                d.illegal(count(t.dependents().size(), "volume") + " " + (t.dependents().size() == 1 ? "is" : "are") + " published to "
                        + t.displayName() + ": " + String.join(", ", t.dependents()),
                        "HPE CSP REST spec: a host with published volumes cannot be deleted (400)",
                        "Unpublish " + (t.dependents().size() == 1 ? "it" : "them") + " from " + t.displayName() + " first.", false);
            }
        }
        d.typed();
    }

    /**
     * CSP publish to the request's host ({@link RiskRequest#nodeId()}): a volume the array reports published already (it does
     * not say to which host) would be written by two hosts unless they share it knowingly; running it is the consent then.
     */
    private void cspPublish(Draft d) {
        d.consent = Consent.none();
        String host = d.r.nodeId();
        for (TargetFacts t : d.r.targets()) {
            List<String> elsewhere = t.placements().stream().filter(p -> p.step() == Placement.Kind.PUBLISHED && !p.nodeId().equals(host))
                    .map(Placement::nodeId).distinct().toList();
            if (!elsewhere.isEmpty()) {
                d.caution(Kind.STILL_IN_USE, t.displayName() + " is published already (to " + String.join(", ", elsewhere) + "): once " + host
                        + " has it too, two hosts can write it, which corrupts a file system not made to be shared", "");
                d.confirm();
            }
        }
    }

    /** CSP unpublish from the request's host: it loses access, as a controller unpublish's node does; the names are typed. */
    private void cspUnpublish(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            d.danger(Kind.ACCESS_LOST, d.r.nodeId() + " loses access to " + t.displayName()
                    + ": I/O in flight fails, and a file system still mounted there loses its disk", "");
        }
        d.typed();
    }

    // --- node side ---------------------------------------------------------------------------

    private void controllerUnpublish(Draft d) {
        String node = d.r.nodeId();
        List<String> blocking = new ArrayList<>();
        List<Placement> onNode = new ArrayList<>();
        boolean consoleOnly = true;
        for (TargetFacts t : d.r.targets()) {
            d.danger(Kind.ACCESS_LOST, node + " loses access to " + t.displayName(), "");
            for (Placement p : t.placements()) {
                if (!p.nodeId().equals(node) || p.step() == Placement.Kind.PUBLISHED) continue;
                blocking.add(t.displayName() + " is still " + p.describe());
                onNode.add(p);
                consoleOnly &= mayBeStale(d, t, p);
            }
            boolean published = !t.placements(Placement.Kind.PUBLISHED, node).isEmpty();
            if (!published && t.driverReportsPlacements()) {
                d.caution(Kind.STATE_UNKNOWN, "neither the driver nor this console knows " + t.displayName() + " published to "
                        + node + ": the call changes nothing (ControllerUnpublishVolume is idempotent)", "");
            }
            disagreement(d, t, node);
        }
        if (!blocking.isEmpty()) {
            d.illegal(String.join("; ", blocking), "CSI spec, Volume Lifecycle: ControllerUnpublishVolume follows "
                            + "NodeUnpublishVolume and NodeUnstageVolume on that node",
                    unwind(onNode) + ", then unpublish it from the controller.", consoleOnly);
        }
        d.typed();
    }

    /**
     * ControllerPublishVolume to the request's node. A volume published to another node (as the driver reports, or as this
     * console's own publish left it) is refused unless the access mode sent ({@link #ACCESS_MODE}) is a MULTI_NODE one:
     * the spec's FAILED_PRECONDITION "Volume published to another node", which many drivers do not check. The refusal may
     * be overridden when it rests only on this console's record and that may be stale. Otherwise nothing is lost: no
     * consent is needed.
     */
    private void controllerPublish(Draft d) {
        String node = d.r.nodeId();
        String mode = d.r.sends().getOrDefault(ACCESS_MODE, "");
        boolean multi = mode.startsWith("MULTI_NODE");
        List<String> elsewhere = new ArrayList<>();
        List<String> from = new ArrayList<>();
        boolean consoleOnly = true;
        for (TargetFacts t : d.r.targets()) {
            for (Placement p : t.placements(Placement.Kind.PUBLISHED, "")) {
                if (p.nodeId().equals(node)) continue;
                if (multi) {
                    d.caution(Kind.STILL_IN_USE, t.displayName() + " is also " + p.describe() + ": both nodes use it at once ("
                            + mode + ")", "");
                    continue;
                }
                elsewhere.add(t.displayName() + " is " + p.describe());
                from.add(p.nodeId());
                consoleOnly &= mayBeStale(d, t, p);
            }
        }
        if (!elsewhere.isEmpty()) {
            d.illegal(String.join("; ", elsewhere) + ", and " + (mode.isEmpty() ? "no access mode is sent" : mode + " is no MULTI_NODE access mode"),
                    "CSI spec, ControllerPublishVolume: FAILED_PRECONDITION \"Volume published to another node\" when the volume "
                            + "does not have a MULTI_NODE volume capability",
                    "Unpublish it from " + String.join(", ", from.stream().distinct().toList()) + " first (Controller > Unpublish from a node), "
                            + "then publish it to " + node + "; or publish it with a MULTI_NODE access mode the volume supports.",
                    consoleOnly);
        }
        d.consent = Consent.none();
    }

    /**
     * NodeUnpublishVolume, judged at the {@code target_path} sent ({@link #TARGET_PATH}; the known path when the request is
     * not shown). A path where neither the driver nor this console knows the volume published on that node is refused:
     * NodeUnpublishVolume answers OK for a path with nothing published (CSI spec, idempotent), so the call would change
     * nothing while looking like the real one, or take another volume's mount.
     */
    private void nodeUnpublish(Draft d) {
        String node = d.r.nodeId();
        String sent = d.r.sends().getOrDefault(TARGET_PATH, "");
        List<String> unknown = new ArrayList<>();
        Set<String> knownPaths = new LinkedHashSet<>();
        boolean consoleOnly = true;
        for (TargetFacts t : d.r.targets()) {
            List<Placement> at = t.placements(Placement.Kind.NODE_PUBLISHED, node);
            String paths = at.stream().map(Placement::path).filter(p -> !p.isEmpty()).collect(Collectors.joining(", "));
            if (sent.isEmpty() || at.stream().anyMatch(p -> p.path().equals(sent))) {
                String path = sent.isEmpty() ? paths : sent;
                d.danger(Kind.ACCESS_LOST, "the workload using " + t.displayName() + " on " + node
                        + (path.isEmpty() ? "" : " at " + path) + " loses its mount", "");
                continue;
            }
            String fact = at.isEmpty() ? "neither the driver nor this console knows " + t.displayName() + " published on " + node
                    : t.displayName() + " is " + at.stream().map(Placement::describe).collect(Collectors.joining(", "));
            d.caution(Kind.KNOWLEDGE_DISAGREES, fact + ", not at " + sent + ", the target_path sent: at " + sent
                    + " the driver may find nothing to unpublish and answer OK, or unmount another volume's mount", "");
            unknown.add(t.displayName() + " is not known published on " + node + " at " + sent
                    + (paths.isEmpty() ? "" : " (it is at " + paths + ")"));
            at.stream().map(Placement::path).filter(p -> !p.isEmpty()).forEach(knownPaths::add);
            for (Placement p : at) consoleOnly &= mayBeStale(d, t, p);
        }
        if (!unknown.isEmpty()) {
            d.illegal(String.join("; ", unknown), "CSI spec, NodeUnpublishVolume: target_path is the path NodePublishVolume was given",
                    knownPaths.isEmpty() ? "Give the target_path it was published at (NodePublishVolume), or read the node's state first."
                            : "Unpublish it at " + String.join(", ", knownPaths) + ", the target_path it is published at.", consoleOnly);
        }
        d.typed();
    }

    private void nodeUnstage(Draft d) {
        String node = d.r.nodeId();
        List<String> blocking = new ArrayList<>();
        List<Placement> mounted = new ArrayList<>();
        boolean consoleOnly = true;
        String sent = d.r.sends().getOrDefault(STAGING_TARGET_PATH, "");
        List<String> elsewhere = new ArrayList<>();
        String knownPath = "";
        boolean elsewhereConsoleOnly = true;
        for (TargetFacts t : d.r.targets()) {
            List<Placement> staged = t.placements(Placement.Kind.STAGED, node);
            Placement known = staged.stream().filter(p -> !p.path().isEmpty()).findFirst().orElse(null);
            String recorded = known == null ? "" : known.path();
            // the assessment is about the path sent; the record's path only when the request is not shown
            String path = sent.isEmpty() ? recorded : sent;
            d.caution(Kind.ACCESS_LOST, node + " loses the staging of " + t.displayName() + (path.isEmpty() ? "" : " at " + path), "");
            if (!sent.isEmpty() && known != null && staged.stream().noneMatch(p -> p.path().equals(sent))) {
                String who = known.from() == Knowledge.CONSOLE ? "this console staged " : "the driver reports ";
                d.caution(Kind.KNOWLEDGE_DISAGREES, who + t.displayName() + (known.from() == Knowledge.CONSOLE ? "" : " staged") + " on " + node
                        + " at " + recorded + ", not at " + sent + ", the staging_target_path sent: at " + sent
                        + " the driver may find nothing to unstage, or another volume's staging", "");
                elsewhere.add(t.displayName() + " is staged on " + node + " at " + recorded + ", not at " + sent);
                knownPath = recorded;
                elsewhereConsoleOnly &= mayBeStale(d, t, known);
            }
            for (Placement p : t.placements(Placement.Kind.NODE_PUBLISHED, node)) {
                blocking.add(t.displayName() + " is still " + p.describe());
                mounted.add(p);
                consoleOnly &= mayBeStale(d, t, p);
            }
        }
        if (!blocking.isEmpty()) {
            d.illegal(String.join("; ", blocking), "CSI spec, NodeUnstageVolume: the CO calls it only after "
                    + "NodeUnpublishVolume of every target_path on that node", unwind(mounted) + " first.", consoleOnly);
        } else if (!elsewhere.isEmpty()) {
            d.illegal(String.join("; ", elsewhere), "CSI spec, NodeUnstageVolume: staging_target_path is the path NodeStageVolume "
                    + "was given", "Unstage it at " + knownPath + ", the staging_target_path it is staged at.", elsewhereConsoleOnly);
        }
        // the node loses the volume as with a node unpublish: the same typed name, in the workbench and on the command line
        d.typed();
    }

    /** The prefix of a mutable parameter's field in {@link RiskRequest#sends()}: {@code mutable_parameters[iops]}. */
    public static final String MUTABLE_PARAMETER = "mutable_parameters[";

    private void modify(Draft d) {
        d.caution(Kind.REPLICATION_CHANGES, "ControllerModifyVolume changes the mutable parameters of "
                + d.names() + " in place, while in use; the driver decides when they take effect", "");
        Map<String, String> params = new java.util.LinkedHashMap<>();
        d.r.sends().forEach((k, v) -> {
            if (k.startsWith(MUTABLE_PARAMETER) && k.endsWith("]")) params.put(k.substring(MUTABLE_PARAMETER.length(), k.length() - 1), v);
        });
        String empty = emptyParameters(params);
        if (!empty.isEmpty()) {
            d.illegal(empty, "CSI spec, ControllerModifyVolume: mutable_parameters are the new values; a driver may take an empty "
                    + "one as unset and drop the limit it held", "Give each parameter a value, or remove its row: a parameter left out "
                    + "is not changed.", false);
        }
        d.confirm();
    }

    /**
     * Why these mutable parameters (key to value) are not sent: {@code "iops has no value: an empty string would be sent"}
     * for each key whose value is empty or blank; empty when every key has a value. The modify form checks with it as the
     * person types, and the assessment refuses such a request, in the workbench and on the command line alike.
     */
    public static String emptyParameters(Map<String, String> params) {
        List<String> empty = params.entrySet().stream().filter(e -> e.getValue() == null || e.getValue().isBlank())
                .map(Map.Entry::getKey).toList();
        if (empty.isEmpty()) return "";
        return String.join(", ", empty) + (empty.size() == 1 ? " has" : " have") + " no value: an empty string would be sent";
    }

    private void expand(Draft d) {
        String node = d.r.nodeId();
        shrink(d);
        if (d.r.operation() == RiskOperation.NODE_EXPAND) {
            // the node's half of an expansion (CSI spec, "NodeExpandVolume")
            for (TargetFacts t : d.r.targets()) {
                String paths = t.placements(Placement.Kind.NODE_PUBLISHED, node).stream().map(Placement::path)
                        .filter(p -> !p.isEmpty()).collect(Collectors.joining(", "));
                d.caution(Kind.IRREVERSIBLE, "NodeExpandVolume grows the file system of " + t.displayName() + " on " + node
                        + (paths.isEmpty() ? "" : " at " + paths) + " to the capacity the controller gave it, while in use; it cannot shrink again", "");
            }
            d.confirm();
            return;
        }
        long required = requiredBytes(d);
        for (TargetFacts t : d.r.targets()) {
            String growth = required <= 0 ? "" : (t.capacityBytes() > 0 ? " grows from " + ByteSize.format(t.capacityBytes()) : " grows")
                    + " to " + ByteSize.format(required) + " (" + ByteSize.grouped(required) + " bytes) and";
            d.caution(Kind.IRREVERSIBLE, "the capacity of " + t.displayName() + growth + " cannot be reduced again (CSI has no shrink)", "");
            Set<String> nodes = new LinkedHashSet<>();
            for (Placement p : t.placements()) if (p.step() != Placement.Kind.PUBLISHED) nodes.add(p.nodeId());
            if (!nodes.isEmpty()) {
                d.caution(Kind.FOLLOW_UP, "NodeExpandVolume must then run on " + String.join(", ", nodes)
                        + " to grow the file system of " + t.displayName() + " (CSI spec, NodeExpandVolume)", "");
            }
        }
        d.confirm();
    }

    /** The {@code capacity_range.required_bytes} sent, 0 when none; a value that is not a number is refused. */
    private static long requiredBytes(Draft d) {
        String sent = d.r.sends().getOrDefault(REQUIRED_BYTES, "");
        try {
            return sent.isEmpty() ? 0 : Long.parseLong(sent);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(REQUIRED_BYTES + " must be a number of bytes, was " + sent, e);
        }
    }

    /**
     * A size that would shrink: for an expand, {@code capacity_range.required_bytes} not larger than the
     * capacity (CSI spec, ControllerExpandVolume: the new size; volumes only grow); for a node expand, smaller
     * than the capacity the controller gave (NodeExpandVolume grows the file system to it). Judged only when
     * both sizes are known.
     */
    private static void shrink(Draft d) {
        long required = requiredBytes(d);
        boolean node = d.r.operation() == RiskOperation.NODE_EXPAND;
        for (TargetFacts t : d.r.targets()) {
            if (!node && t.maximumBytes() == TargetFacts.MAXIMUM_UNREAD) {
                d.caution(Kind.STATE_UNKNOWN, "the largest volume the plugin provisions could not be read (GetCapacity failed), so "
                        + "the new size is not checked against it; a size the plugin cannot provision fails with OUT_OF_RANGE", "");
            }
            if (!node && t.maximumBytes() > 0 && required > t.maximumBytes()) {
                String max = ByteSize.format(t.maximumBytes());
                d.illegal("the new size, " + ByteSize.format(required) + ", is over the largest volume the plugin provisions, " + max,
                        "CSI spec, GetCapacity: maximum_volume_size; a larger ControllerExpandVolume fails with OUT_OF_RANGE",
                        "Give a size of at most " + max + ".", false);
            }
            long now = t.capacityBytes();
            if (required <= 0 || now <= 0 || (node ? required >= now : required > now)) continue;
            String size = ByteSize.format(now);
            if (node) {
                d.illegal("the size sent, " + ByteSize.format(required) + ", is smaller than the " + size + " of " + t.displayName()
                                + ": the file system would not grow to its capacity", "CSI spec, NodeExpandVolume: capacity_range is the "
                                + "size the volume was expanded to; volumes only grow",
                        "Send the volume's capacity, " + size + " (leave the size out to send it).", false);
            } else {
                d.illegal("the new size, " + ByteSize.format(required) + ", is not larger than the " + size + " of " + t.displayName()
                                + ": that would shrink it or change nothing", "CSI spec, ControllerExpandVolume: capacity_range is the new "
                                + "size; CSI has no shrink",
                        "Give a size larger than " + size + ".", false);
            }
        }
    }

    /**
     * True when a verdict resting on {@code p} may be overridden as stale: it is this console's own record,
     * and not a call of this console that succeeded less than {@link #FRESH} ago and that the driver has not
     * contradicted (a publication the driver, reporting publications, no longer reports). The driver reports
     * no stagings or node publications, so only the age decides for those.
     */
    private static boolean mayBeStale(Draft d, TargetFacts t, Placement p) {
        if (p.from() != Knowledge.CONSOLE) return false;
        boolean contradicted = p.step() == Placement.Kind.PUBLISHED && t.driverReportsPlacements();
        boolean fresh = p.at() != null && Duration.between(p.at(), d.r.now()).abs().compareTo(FRESH) < 0;
        return contradicted || !fresh;
    }

    private static void disagreement(Draft d, TargetFacts t, String node) {
        if (!t.driverReportsPlacements()) return;
        for (Placement mine : t.placements(Placement.Kind.PUBLISHED, node)) {
            if (mine.from() != Knowledge.CONSOLE) continue;
            boolean driverToo = t.placements().stream().anyMatch(p -> p.step() == Placement.Kind.PUBLISHED && p.from() == Knowledge.DRIVER
                    && p.nodeId().equals(mine.nodeId()));
            if (!driverToo) {
                d.caution(Kind.KNOWLEDGE_DISAGREES, "this console published " + t.displayName() + " to " + mine.nodeId()
                        + (mine.at() == null ? "" : " at " + mine.at()) + ", but the driver does not report it published there "
                        + "(another orchestrator may have unpublished it)", "");
            }
        }
    }

    private static String nextUnwind(List<TargetFacts> targets) {
        Set<String> steps = new LinkedHashSet<>();
        for (TargetFacts t : targets) {
            for (Placement p : t.placements()) {
                steps.add(undo(p));
            }
        }
        List<String> ordered = new ArrayList<>(steps);
        ordered.sort(Comparator.comparingInt(s -> s.contains("(Node > Unpublish on this node)") ? 0 : s.contains("Unstage") ? 1 : 2));
        String s = String.join(", then ", ordered);
        return Character.toUpperCase(s.charAt(0)) + s.substring(1) + "; then delete.";
    }

    /**
     * The step that undoes {@code p}, naming the action that sends it: the workbench offers Node > Unpublish and Node > Unstage
     * wherever a path is known, the driver's or this console's; where the driver reports no path, the one that placed it knows it.
     */
    private static String undo(Placement p) {
        String at = p.path().isEmpty() ? "" : " at " + p.path();
        return switch (p.step()) {
            case NODE_PUBLISHED -> p.path().isEmpty() ? "unpublish it on " + p.nodeId() + " at the target_path it was published at "
                    + "(the driver reports none: ask the orchestrator that published it)" : "unpublish it on " + p.nodeId() + at + " (Node > Unpublish on this node)";
            case STAGED -> p.path().isEmpty() ? "unstage it on " + p.nodeId() + " at the staging_target_path it was staged at "
                    + "(the driver reports none: ask the orchestrator that staged it)" : "unstage it on " + p.nodeId() + at + " (Node > Unstage on this node)";
            case PUBLISHED -> "unpublish it from " + p.nodeId() + " (Controller > Unpublish from a node)";
        };
    }

    /** The steps that undo {@code placements} on a node in the lifecycle's order (node publications first), capitalised. */
    private static String unwind(List<Placement> placements) {
        List<Placement> ordered = new ArrayList<>(placements);
        ordered.sort(Comparator.comparingInt(p -> p.step() == Placement.Kind.NODE_PUBLISHED ? 0 : 1));
        String s = ordered.stream().map(RiskModel::undo).distinct().collect(Collectors.joining(", then "));
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /**
     * Why NodeStageVolume of {@code t} on {@code node} is not offered, or null when nothing known stops it: the volume is
     * already staged there, as the driver reports or by this console's own call (CSI spec, NodeStageVolume: a volume is
     * staged once per node; a second staging_target_path fails with FAILED_PRECONDITION, and the same one changes nothing).
     * The next step names only actions that can run: publishing from the known staging path, or undoing the node's state
     * in the lifecycle's order.
     */
    public static IllegalCall stageRefusal(TargetFacts t, String node) {
        Placement staged = t.placements(Placement.Kind.STAGED, node).stream().findFirst().orElse(null);
        if (staged == null) return null;
        List<Placement> held = new ArrayList<>(t.placements(Placement.Kind.NODE_PUBLISHED, node));
        held.add(staged);
        String unwind = unwind(held);
        String next = staged.path().isEmpty() ? unwind + " before staging it again."
                : "Publish it on " + node + " from " + staged.path() + " (Node > Publish on this node); or, to stage it anew, "
                + Character.toLowerCase(unwind.charAt(0)) + unwind.substring(1) + ".";
        return new IllegalCall(t.displayName() + " is already " + staged.describe(),
                "CSI spec, NodeStageVolume: a volume is staged once per node; another staging_target_path fails with FAILED_PRECONDITION",
                next, false);
    }

    // --- fence -------------------------------------------------------------------------------

    private void fence(Draft d) {
        boolean wide = false;
        for (TargetFacts t : d.r.targets()) {
            Cidr block = cidr(t.id());
            if (block != null && block.prefixLength() < WIDEST_FENCE_PREFIX) {
                wide = true;
                d.danger(Kind.WIDE_BLOCK, t.id() + " is wider than /" + WIDEST_FENCE_PREFIX + " (" + block.describe()
                        + "): it fences every client of every network in it, known to this console or not", "");
            }
        }
        Set<String> hosts = new LinkedHashSet<>();
        Set<String> volumes = new LinkedHashSet<>();
        d.r.targets().forEach(t -> {
            hosts.addAll(t.dependents());
            volumes.addAll(t.reached());
        });
        // the consent leads with what is cut off, before the clients' details (hundreds of lines for a wide block)
        String blocks = String.join(", ", ids(d.r));
        d.lead = "DANGER: " + (wide ? "every client of every network (" + blocks + ")" : "every client in " + blocks) + ": "
                + count(hosts.size(), "known host") + " and " + count(volumes.size(), "volume")
                + (d.r.connection().isEmpty() ? "" : " on " + d.r.connection()) + " cut off";
        d.danger(Kind.ACCESS_LOST, "in all, " + count(hosts.size(), "known host") + " and " + count(volumes.size(), "volume")
                + " published to " + (hosts.size() == 1 ? "it are" : "them are") + " cut off", "");
        for (TargetFacts t : d.r.targets()) {
            if (t.dependents().isEmpty()) {
                d.danger(Kind.ACCESS_LOST, "every client in " + t.id() + " loses access to storage; no known host is in it", "");
            } else {
                d.danger(Kind.ACCESS_LOST, String.join(", ", t.dependents()) + " lose" + (t.dependents().size() == 1 ? "s" : "")
                        + " access to storage: " + (t.dependents().size() == 1 ? "it is" : "they are") + " in " + t.id()
                        + ", from every address of which the storage refuses I/O and publications until it is unfenced", "");
            }
        }
        d.typedNetworks();
    }

    /** The block {@code text} names; null when it is not one (a request built by hand). */
    private static Cidr cidr(String text) {
        try {
            return Cidr.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /**
     * An unfence lifts a fence the driver lists (csi-addons fence.proto: ListClusterFence names what
     * FenceClusterNetwork fenced): a block the list does not name has nothing to unfence and is refused; when the
     * driver cannot list, whether it is fenced is not known, so it is sent only as an override. A client that another
     * listed block also holds stays fenced, and is named so, not among those that can write again.
     */
    private void unfence(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            FenceFacts.Listed listed = t.fence();
            if (listed != null && listed.known() && !listed.fenced()) {
                d.illegal(t.id() + " is not fenced: ListClusterFence lists " + (listed.blocks().isEmpty() ? "no fenced block"
                        : String.join(", ", listed.blocks())), "csi-addons fence.proto: UnfenceClusterNetwork lifts a fence that "
                        + "FenceClusterNetwork made", "There is nothing to unfence in " + t.id() + "; to lift a fence, unfence a block the list names.", false);
                continue;
            }
            if (listed != null && !listed.known()) {
                d.illegal("this console cannot tell whether " + t.id() + " is fenced: the driver does not list its fenced blocks "
                        + "(ListClusterFence)", "", "Unfence it only when you know it was fenced (by this console's audit log or "
                        + "another orchestrator's).", true);
            }
            Map<String, List<String>> held = listed == null ? Map.of() : listed.stillFenced();
            List<String> freed = t.dependents().stream().filter(c -> !held.containsKey(c)).toList();
            FailoverFence failover = listed == null ? null : listed.failover();
            if (failover != null) {
                failoverUnfenced(d, t, failover);
            } else if (t.dependents().isEmpty() || !freed.isEmpty()) {
                d.caution(Kind.ACCESS_LOST, "clients in " + t.id() + (freed.isEmpty() ? "" : " (" + String.join(", ", freed) + ")")
                        + " can write again: stop the workloads that failed over away from them first", "");
            }
            Map<String, List<String>> byBlocks = new java.util.LinkedHashMap<>();
            held.forEach((client, blocks) -> byBlocks.computeIfAbsent(String.join(", ", blocks), k -> new ArrayList<>()).add(client));
            byBlocks.forEach((blocks, clients) -> d.caution(Kind.ACCESS_LOST, String.join(", ", clients) + (clients.size() == 1 ? " stays" : " stay")
                    + " fenced by " + blocks + ": " + (clients.size() == 1 ? "it cannot" : "they cannot") + " write until "
                    + (blocks.contains(",") ? "those are" : "it is") + " unfenced too", ""));
        }
        d.typedNetworks();
    }

    /**
     * An unfence of a block fenced by an unplanned failover of this console undoes that failover's first step: its
     * clients reach the old primary again. While that side is primary (the pair in split brain, or the promote not in
     * effect) it is a danger, with the split brain's recovery as the next step; when the pair's state could not be read,
     * it says so and does not reassure; once the old primary is no longer primary, the clients' writes reach no primary.
     */
    private void failoverUnfenced(Draft d, TargetFacts t, FailoverFence f) {
        SideFacts old = f.oldPrimary();
        SideFacts promoted = f.promoted();
        String fencedBy = t.id() + " was fenced at " + clock(f.fencedAt()) + d.ago(f.fencedAt()) + ", by this console as the first step of "
                + "the unplanned failover of " + old.where() + " to " + promoted.where() + " (audit log: " + f.workflow() + ")";
        String recover = "Recover the split brain first (split-brain recovery of " + old.id() + " and " + promoted.id()
                + ": keep the side whose writes count, resync the other), then unfence " + t.id() + " once " + old.id() + " is secondary.";
        if (!f.read()) {
            d.danger(Kind.STATE_UNKNOWN, "unfencing it undoes that fence, and whether " + old.where() + " is still primary is not "
                    + "known: the state of the pair could not be read (" + f.unread() + "); if it is, clients in " + t.id()
                    + " can write to it beside " + promoted.where() + " (split brain)", fencedBy);
            d.safer("Read the pair first (Replication perspective, Sample now; or replication info " + old.id() + "). " + recover);
            return;
        }
        if (old.primary()) {
            boolean split = promoted.primary();
            d.danger(Kind.SPLIT_BRAIN_PRESENT, "clients in " + t.id() + " can write to " + old.where() + " again, which is still primary"
                    + (split ? " beside " + promoted.where() + " (split brain): recover the split brain first"
                    : " (" + promoted.where() + " is " + role(promoted) + ": the failover's promote is not in effect): demote " + old.id() + " first"),
                    fencedBy + "; roles as read now: " + old.id() + " " + role(old) + " (" + words(old.health()) + "), " + promoted.id() + " "
                            + role(promoted) + " (" + words(promoted.health()) + ")");
            d.safer(split ? recover : "Demote " + old.where() + " (or run the failback), then unfence " + t.id() + ".");
            if (split) {
                // the roles were read now, yet another orchestrator may be recovering the pair: sent only as a typed override
                d.illegal("clients in " + t.id() + " would write to " + old.where() + " again while it and " + promoted.where()
                                + " are both primary (split brain)", "csi-addons fence.proto: UnfenceClusterNetwork gives the "
                                + "block its access back; a fence of an unplanned failover stays until the old primary is secondary",
                        recover, true);
            }
            return;
        }
        d.caution(Kind.ACCESS_LOST, "clients in " + t.id() + " can write again: " + old.where() + " is " + role(old) + " now and "
                + promoted.where() + " " + role(promoted) + ", so their writes reach no primary until they follow the failover or "
                + "a failback runs", fencedBy);
    }

    // --- replication -------------------------------------------------------------------------

    /**
     * Why a promote, demote, resync, failover or split-brain recovery cannot be judged on {@code t} at all, before any other rule:
     * its site pair is mismatched so that its partner is not known ({@link PairMismatch#PARTNER_MISSING},
     * {@link PairMismatch#DESTINATION_UNKNOWN}: the other connection may not be its partner site; {@link PairMismatch#NOT_CONFIRMED}:
     * the drivers' own facts deny that the side matched by an equal id is its partner), or the state
     * of the side it acts on was never actually read ({@link SideFacts#read()}: every read failed, so its role is
     * a guess; a split-brain recovery acts on both sides). Views disable such an action with this reason and next step; {@link #assess} refuses it the same
     * way. A partner whose role is unknown blocks nothing here: a lost site is what an unplanned failover is for.
     *
     * @return the reason, or null when the operation may be assessed; null for every other operation
     */
    public static IllegalCall unknownState(RiskOperation op, TargetFacts t) {
        if (!drAction(op)) return null;
        PairMismatch p = t.pairing();
        if (p == PairMismatch.PARTNER_MISSING || p == PairMismatch.DESTINATION_UNKNOWN || p == PairMismatch.NOT_CONFIRMED) {
            return new IllegalCall("the site pair of " + t.displayName() + " is mismatched (" + p.words() + "): "
                    + decapitalise(p.meaning()).replaceAll("\\.$", ""), "",
                    "A promote, demote, resync or failover needs a correct pairing: choose the partner array's connection as the other site. "
                            + p.safeNextStep(), false);
        }
        List<SideFacts> acted = switch (op) {
            case UNPLANNED_FAILOVER -> t.partner() == null ? List.of() : List.of(t.partner());
            case PLANNED_FAILOVER, FAILBACK, SPLIT_BRAIN_RECOVERY -> java.util.stream.Stream.of(t.side(), t.partner()).filter(java.util.Objects::nonNull).toList();
            default -> t.side() == null ? List.of() : List.of(t.side());
        };
        for (SideFacts s : acted) {
            if (s.read()) continue;
            return new IllegalCall("the replication state of " + s.displayName() + (s.site().isEmpty() ? "" : " on " + s.site())
                    + " was not read yet: every read failed, so its role and health are not known", "",
                    "Read it first (Sample now, or replication info); when the driver refuses for want of secrets, give them "
                            + "(--secrets-file, CSI_SECRETS_FILE or the connection profile's secrets file).", false);
        }
        return null;
    }

    private static boolean drAction(RiskOperation op) {
        return switch (op) {
            case PROMOTE, DEMOTE, RESYNC, PLANNED_FAILOVER, UNPLANNED_FAILOVER, FAILBACK, SPLIT_BRAIN_RECOVERY -> true;
            default -> false;
        };
    }

    private static String decapitalise(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** The most bytes a CSI id may have (CSI spec, Size Limits: {@code volume_id} 128 bytes). */
    public static final int MAX_ID_BYTES = 128;

    /** The request field of EnableVolumeReplication's sync interval, among the parameters sent. */
    public static final String SCHEDULING_INTERVAL = "schedulingInterval";

    /**
     * Why {@code text} is no sync interval ({@code 30s}, {@code 5m}, {@code 1h}, {@code 1d}: a positive whole number and
     * one unit, as a VolumeReplicationClass gives it); empty when it is one, or when empty (the driver's default).
     */
    public static String badInterval(String text) {
        String t = text == null ? "" : text.strip();
        if (t.isEmpty() || t.matches("[1-9][0-9]{0,8}[smhd]")) return "";
        return "the " + SCHEDULING_INTERVAL + " '" + text + "' is not a duration such as 30s, 5m, 1h or 1d";
    }

    /**
     * EnableVolumeReplication: refused before it is sent for a volume or group that already replicates (its role is known),
     * an id over {@link #MAX_ID_BYTES} bytes, a volume the driver's complete listing lacks ({@link Existence#NOT_LISTED}), or a
     * {@code schedulingInterval} among the parameters sent that is no duration. A volume the console cannot tell exists
     * ({@link Existence#UNKNOWN}: the driver does not list, the record does not know it) is said, not refused.
     */
    private void enable(Draft d) {
        String interval = badInterval(d.r.sends().getOrDefault(SCHEDULING_INTERVAL, ""));
        if (!interval.isEmpty()) {
            d.illegal(interval, "csi-addons replication.proto: EnableVolumeReplication parameters come from the VolumeReplicationClass",
                    "Give schedulingInterval as a whole number and a unit, e.g. 5m.", false);
        }
        for (TargetFacts t : d.r.targets()) {
            int bytes = t.id().getBytes(java.nio.charset.StandardCharsets.UTF_8).length;
            if (bytes > MAX_ID_BYTES) {
                d.illegal("the id " + (t.id().length() > 40 ? t.id().substring(0, 40) + "\u2026" : t.id()) + " is " + bytes
                        + " bytes, over the " + MAX_ID_BYTES + " a volume_id may have", "CSI spec, Size Limits: volume_id 128 bytes",
                        "Check the id (csi-console volumes lists them).", false);
            } else if (t.side() != null && t.side().role() != VolumeReplicationRole.UNKNOWN) {
                d.illegal(t.displayName() + " already replicates: it is " + role(t.side()) + (t.side().site().isEmpty() ? "" : " on " + t.side().site())
                        + (t.partner() == null ? "" : ", paired with " + t.partner().where()), "csi-addons replication.proto: "
                        + "EnableVolumeReplication starts a pair; a volume is in one pair", "Nothing to enable; to pair it anew, disable it first.", false);
            } else if (t.presence() == Existence.NOT_LISTED) {
                d.illegal("there is no " + t.kind() + " " + t.id() + (d.r.connection().isEmpty() ? "" : " on " + d.r.connection())
                        + ": the driver's listing of its volumes, complete and read just now, does not hold it",
                        "csi-addons replication.proto: EnableVolumeReplication acts on an existing volume_id",
                        "Check the id (csi-console volumes lists them).", false);
            } else {
                if (t.presence() == Existence.UNKNOWN) {
                    d.caution(Kind.STATE_UNKNOWN, "whether " + t.id() + " exists is not known: the driver does not list its volumes"
                            + " and the console's record holds no " + t.kind() + " " + t.id() + "; the driver answers NOT_FOUND if it has none", "");
                }
                d.caution(Kind.REPLICATION_CHANGES, t.displayName() + " starts replicating: the driver copies it to its partner", "");
            }
        }
        d.confirm();
    }

    /**
     * DisableVolumeReplication ends the pair: the side that receives the copies (the secondary; the partner when
     * neither is) is no longer updated and keeps the data of the last sync, so it cannot take over with current data.
     * A danger: its name is typed, in the GUI and on the command line alike.
     */
    private void disable(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            SideFacts self = t.side();
            SideFacts partner = t.partner();
            SideFacts copy = self != null && partner != null && !self.primary() && partner.primary() ? self : partner;
            Instant last = lastSync(self, partner);
            if (splitBrain(t)) {
                d.danger(Kind.SPLIT_BRAIN_PRESENT, splitBrainSentence(t) + "; disabling leaves both primary with no pair to "
                        + "recover from", "");
                d.safer("Run split-brain recovery first: it keeps one side's writes and resyncs the other from it.");
            }
            d.danger(Kind.REPLICATION_CHANGES, "replication of " + t.displayName() + " stops: " + (copy == null ? "its partner" : named(copy))
                    + " is no longer updated from now on and keeps the data of " + (last == null ? "its last completed sync (no completed sync is known)"
                    : "the last sync at " + clock(last) + d.ago(last)) + "; it cannot take over with current data until replication is enabled again", "");
        }
        d.confirm();
    }

    private void promote(Draft d) {
        boolean force = d.r.force();
        for (TargetFacts t : d.r.targets()) {
            SideFacts self = t.side();
            SideFacts partner = t.partner();
            if (splitBrain(t)) {
                d.danger(Kind.SPLIT_BRAIN_PRESENT, splitBrainSentence(t), "");
                d.safer("Run split-brain recovery: choose the side whose data is kept.");
            } else if (self != null && self.primary()) {
                d.caution(Kind.STATE_UNKNOWN, t.displayName() + " is already primary on " + self.site() + ": nothing changes", "");
            }
            if (force && self != null && self.primary()) {
                // force only overrides a peer that was not demoted: on a primary it promotes nothing
                d.illegal(t.displayName() + " is already primary" + (self.site().isEmpty() ? "" : " on " + self.site())
                                + ": a force promote of it changes nothing",
                        "csi-addons replication.proto, PromoteVolume: force promotes a secondary whose peer was not demoted",
                        splitBrain(t) ? "Run split-brain recovery for the pair: choose the side whose data is kept."
                                : "To move the primary role, run a planned failover to " + (partner == null ? "its partner" : partner.where()) + ".", false);
            }
            if (makesSplitBrain(RiskOperation.PROMOTE, t)) {
                if (!force) {
                    d.illegal(named(partner) + " is primary and reachable: promoting " + t.displayName() + " too would make both sides primary",
                            "csi-addons replication.proto, PromoteVolume: without force it fails while the peer is primary",
                            "Run a planned failover (demote " + named(partner) + ", wait for the final sync, then promote).", false);
                } else {
                    d.danger(Kind.SPLIT_BRAIN_CREATED, "creates a split brain: " + named(partner) + " is primary and reachable"
                            + (partner.health() == ReplicationHealth.UNKNOWN ? "" : " (" + words(partner.health()) + ")")
                            + " and keeps taking writes", evidence(partner));
                    d.danger(Kind.WRITES_LOST, d.writesLost(partner, lastSync(self, partner))
                            + "; from now on both sides take writes that the other lacks", "");
                    d.safer("Run a planned failover instead: " + partner.site() + " answers, so it can be demoted first and nothing is lost.");
                }
            } else if (force) {
                if (partner == null) {
                    d.caution(Kind.STATE_UNKNOWN, "the partner of " + t.displayName() + " is not known: if it is still primary, both sides become primary", "");
                    d.danger(Kind.WRITES_LOST, "writes not yet replicated to " + t.displayName() + " are lost"
                            + d.since(self == null ? null : self.lastSync()), "");
                } else if (!partner.reachable()) {
                    d.caution(Kind.STATE_UNKNOWN, partner.site() + " does not answer: if " + partner.id()
                            + " is still primary and taking writes, both sides become primary", "");
                    d.danger(Kind.WRITES_LOST, d.writesLost(partner, lastSync(self, partner)), "");
                } else if (!partner.primary()) {
                    d.caution(Kind.STATE_UNKNOWN, "force is not needed: " + partner.where() + " is " + role(partner), "");
                    d.safer("Promote without force.");
                }
            }
        }
        d.forceOrConfirm();
    }

    private void demote(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            SideFacts self = t.side();
            SideFacts partner = t.partner();
            if (self != null && self.primary()) {
                boolean noPrimaryLeft = partner == null || !partner.primary();
                Gravity s = noPrimaryLeft ? Gravity.DANGER : Gravity.CAUTION;
                d.add(Kind.ACCESS_LOST, s, "clients writing to " + t.displayName() + " on " + self.site() + " lose write access"
                        + (noPrimaryLeft ? "; no side takes writes until " + (partner == null ? "the partner" : partner.where()) + " is promoted" : ""), "");
            } else if (self != null && self.role() == VolumeReplicationRole.SECONDARY) {
                d.caution(Kind.STATE_UNKNOWN, t.displayName() + " is already secondary on " + self.site() + ": nothing changes", "");
            }
            if (splitBrain(t)) {
                // demoting one side of a split brain chooses the other as the survivor: its resync discards this side's writes
                d.caution(Kind.SPLIT_BRAIN_PRESENT, splitBrainSentence(t), "");
                d.danger(Kind.WRITES_LOST, "demoting " + self.where() + " chooses " + partner.where() + " as the survivor: the writes "
                        + self.where() + " took since the split" + d.since(lastSync(self, partner)) + " are discarded when it is resynced", "");
                d.safer("Run split-brain recovery: it shows both sides' last writes and syncs and discards one side's writes only "
                        + "once its name is typed.");
            }
            if (d.r.force()) {
                d.danger(Kind.WRITES_LOST, "writes to " + (self == null ? t.displayName() : self.where()) + " not yet replicated"
                        + (partner == null ? "" : " to " + partner.where()) + " are lost" + d.since(lastSync(self, partner)), "");
            }
        }
        d.forceOrConfirm();
    }

    private void resync(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            SideFacts self = t.side();
            SideFacts partner = t.partner();
            if (splitBrain(t)) {
                d.danger(Kind.SPLIT_BRAIN_PRESENT, splitBrainSentence(t), "");
                d.illegal("both sides are primary (split brain): a resync would discard one side's writes without a choice of survivor",
                        "csi-addons replication.proto, ResyncVolume: run on the secondary of a pair",
                        "Run split-brain recovery and choose the side whose data is kept.", false);
            } else if (self != null && self.primary()) {
                d.illegal(t.displayName() + " on " + self.site() + " is the primary: resyncing it would overwrite the live data with "
                                + (partner == null ? "the partner's" : partner.where() + "'s"),
                        "csi-addons replication.proto, ResyncVolume: run on the secondary of a pair",
                        partner == null ? "Resync the secondary side instead." : "Resync " + partner.where() + " instead.", false);
            } else {
                d.add(Kind.WRITES_LOST, d.r.force() ? Gravity.DANGER : Gravity.CAUTION,
                        "what " + (self == null ? t.displayName() : self.where()) + " holds that "
                                + (partner == null ? "the primary" : partner.where()) + " lacks is replaced by the primary's data"
                                + d.since(lastSync(self, partner)), "");
            }
        }
        d.forceOrConfirm();
    }

    private void plannedFailover(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            SideFacts a = t.side();
            SideFacts b = t.partner();
            if (!bothAnswer(d, t, "a planned failover demotes one side and promotes the other, so both must answer",
                    "If " + (a == null || a.reachable() ? "the partner site" : a.site()) + " is lost, run an unplanned failover.")) continue;
            if (splitBrain(t)) {
                d.danger(Kind.SPLIT_BRAIN_PRESENT, splitBrainSentence(t), "");
                d.illegal("the pair is in split brain", "", "Run split-brain recovery first.", false);
                continue;
            }
            if (!a.primary()) {
                d.illegal(a.where() + " is " + role(a) + ", not primary: a failover goes from the primary",
                        "", b.primary() ? "Fail over from " + b.site() + ", or run a failback." : "Promote the side with the newest data first.", false);
                continue;
            }
            d.caution(Kind.ACCESS_LOST, "clients of " + t.displayName() + " on " + a.site() + " lose write access while it fails over; "
                    + "they must then use " + b.where(), "");
            d.caution(Kind.REPLICATION_CHANGES, "replication reverses: " + b.site() + " becomes primary, " + a.site() + " secondary", "");
        }
        d.confirm();
    }

    /**
     * An unplanned failover force-promotes each target's partner on site B: the names typed are those of the
     * volumes or groups promoted (the partner's name, else its id; the target's own when no partner is known),
     * in the GUI's wizard and on the command line alike.
     */
    private void unplannedFailover(Draft d) {
        List<String> names = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (TargetFacts t : d.r.targets()) {
            names.add(t.partner() == null ? t.displayName() : t.partner().displayName());
            ids.add(t.partner() == null ? t.id() : t.partner().id());
            SideFacts a = t.side();
            SideFacts b = t.partner();
            if (a != null && a.reachable()) {
                d.danger(Kind.SITE_STILL_ANSWERS, a.site() + " still answers: " + a.where() + " is " + role(a)
                        + (a.health() == ReplicationHealth.UNKNOWN ? "" : ", " + words(a.health()))
                        + "; an unplanned failover is for a lost site", evidence(a));
                if (makesSplitBrain(RiskOperation.UNPLANNED_FAILOVER, t)) {
                    d.danger(Kind.SPLIT_BRAIN_CREATED, "creates a split brain: " + a.where() + " is primary and reachable"
                            + " and keeps taking writes", evidence(a));
                }
                d.safer("Run a planned failover: " + a.site() + " answers, so it can be demoted and synced first and nothing is lost.");
            }
            if (a != null) d.danger(Kind.WRITES_LOST, d.writesLost(a, lastSync(b, a)), "");
            else d.danger(Kind.WRITES_LOST, "writes not yet replicated to " + t.displayName() + " are lost", "");
            if (b != null && !b.reachable()) {
                d.illegal(b.site() + " does not answer: the side to promote must answer", "", "Check " + b.site() + "'s connection first.", false);
            }
        }
        d.typedEach(names, ids);
    }

    private void failback(Draft d) {
        for (TargetFacts t : d.r.targets()) {
            SideFacts a = t.side();
            SideFacts b = t.partner();
            if (!bothAnswer(d, t, "a failback resyncs one side from the other and fails over, so both must answer", "Wait until both sites answer.")) continue;
            if (splitBrain(t)) {
                d.danger(Kind.SPLIT_BRAIN_PRESENT, splitBrainSentence(t), "");
                d.illegal("the pair is in split brain", "", "Run split-brain recovery first: it chooses which side's writes are kept.", false);
                continue;
            }
            if (!b.primary()) {
                d.illegal(notFailedOver(a, b), "",
                        "Choose as site A the site the pair failed over from, or run a planned failover to move the primary role.", false);
                continue;
            }
            d.caution(Kind.WRITES_LOST, a.where() + " is demoted and resynced from " + b.where() + ": what it took after the failover is replaced", "");
            d.caution(Kind.ACCESS_LOST, "clients on " + b.site() + " lose write access at the end, when " + a.site() + " is primary again", "");
        }
        d.confirm();
    }

    /**
     * Why a failback from {@code b} back to {@code a} is refused: {@code b} is not the primary the failover made, so the pair
     * has not failed over from {@code a} (a never-failed-over pair is {@code a} primary, {@code b} secondary).
     */
    public static String notFailedOver(SideFacts a, SideFacts b) {
        return "the pair has not failed over to " + b.site() + ": " + a.where() + " is " + role(a) + " and " + b.where() + " is "
                + role(b) + "; a failback returns the primary role to site A only after a failover made site B primary";
    }

    private void splitBrainRecovery(Draft d) {
        List<String> names = new ArrayList<>();
        List<String> ids = new ArrayList<>();
        for (TargetFacts t : d.r.targets()) {
            SideFacts a = t.side();
            SideFacts b = t.partner();
            if (!splitBrain(t)) {
                d.illegal(t.displayName() + " is not in split brain (" + (a == null ? "unknown" : role(a)) + " and "
                                + (b == null ? "unknown" : role(b)) + ")", "",
                        a == null || b == null || a.role() == VolumeReplicationRole.UNKNOWN || b.role() == VolumeReplicationRole.UNKNOWN
                                ? "Read both sides first." : "Nothing to recover.", false);
                continue;
            }
            d.danger(Kind.SPLIT_BRAIN_PRESENT, splitBrainSentence(t), "");
            String keep = d.r.survivorSite();
            if (keep.isEmpty()) {
                d.illegal("no survivor was chosen", "", "Choose the side whose data is kept, comparing both sides' last writes and syncs.", false);
                continue;
            }
            SideFacts kept = keep.equals(a.site()) ? a : keep.equals(b.site()) ? b : null;
            if (kept == null) {
                d.illegal("the survivor " + keep + " is neither " + a.site() + " nor " + b.site(), "", "Choose " + a.site() + " or " + b.site() + ".", false);
                continue;
            }
            SideFacts lost = kept == a ? b : a;
            // the pair's last sync, as the state lines show it: one side's missing figure is not "no sync"
            d.danger(Kind.WRITES_LOST, "writes to " + at(d.r, lost) + " since the split" + d.since(lastSync(lost, kept))
                    + " are discarded: it is demoted and resynced from " + at(d.r, kept),
                    lost.lastWrite() == null ? "no last write reported" : "last write " + clock(lost.lastWrite()));
            names.add(lost.displayName());
            ids.add(lost.id());
        }
        if (names.size() == d.r.targets().size()) d.typedEach(names, ids);
        else d.typedEach(d.r.targets().stream().map(TargetFacts::displayName).toList(), d.r.targets().stream().map(TargetFacts::id).toList());
    }

    /** What the survivor of a split-brain recovery is, as the wizard's side card and the command line say it. */
    public static final String SURVIVOR = "Survivor: its data is kept";
    /** What the discarded side of a split-brain recovery is, as the wizard's side card and the command line say it. */
    public static final String DISCARDED = "Demoted and resynced: its changes since the split are discarded";

    /** {@code side} as the admin knows it: {@code "vol-1 on london (unix:///run/a.sock)"} ({@link RiskRequest#site}). */
    private static String at(RiskRequest r, SideFacts side) {
        return side.site().isEmpty() ? side.id() : side.id() + " on " + r.site(side.site());
    }

    /**
     * The two sides of each pair of a split-brain recovery {@code r} in split brain, once a survivor is chosen, named by
     * their site as the admin knows it (the site's name beside its endpoint, {@link RiskRequest#site}):
     * {@code "Survivor: its data is kept: vol-1r on paris (unix:///run/b.sock)"}, then the discarded side with
     * {@link #DISCARDED}. The dry run, the confirmation and the result show these lines; empty for another operation.
     */
    public static List<String> sides(RiskRequest r) {
        List<String> out = new ArrayList<>();
        if (r.operation() != RiskOperation.SPLIT_BRAIN_RECOVERY || r.survivorSite().isEmpty()) return out;
        for (TargetFacts t : r.targets()) {
            SideFacts a = t.side();
            SideFacts b = t.partner();
            if (!splitBrain(t)) continue;
            SideFacts kept = r.survivorSite().equals(a.site()) ? a : r.survivorSite().equals(b.site()) ? b : null;
            if (kept == null) continue;
            out.add(SURVIVOR + ": " + at(r, kept));
            out.add(DISCARDED + ": " + at(r, kept == a ? b : a));
        }
        return out;
    }

    private static boolean bothAnswer(Draft d, TargetFacts t, String why, String next) {
        SideFacts a = t.side();
        SideFacts b = t.partner();
        if (a == null || b == null) {
            d.illegal("the pair of " + t.displayName() + " is not known on both sites", "", "Connect both sites and read the pair first.", false);
            return false;
        }
        List<String> silent = new ArrayList<>();
        if (!a.reachable()) silent.add(a.site());
        if (!b.reachable()) silent.add(b.site());
        if (silent.isEmpty()) return true;
        d.illegal(String.join(" and ", silent) + (silent.size() == 1 ? " does" : " do") + " not answer: " + why, "", next, false);
        return false;
    }

    /**
     * True when {@code op} on {@code t} makes both sides primary: the side it promotes (a promote's own side, an
     * unplanned failover's partner) beside a side that is primary and answers, and the pair is not in split brain yet.
     * Without force a promote is then refused; with force, and for an unplanned failover, it is the danger
     * {@link Kind#SPLIT_BRAIN_CREATED} and, once done, {@link #splitBrainLeft}.
     */
    private static boolean makesSplitBrain(RiskOperation op, TargetFacts t) {
        SideFacts stays = op == RiskOperation.UNPLANNED_FAILOVER ? t.side() : op == RiskOperation.PROMOTE ? t.partner() : null;
        return stays != null && stays.primary() && stays.reachable() && !splitBrain(t);
    }

    /**
     * The result of {@code r} once sent, when it made a split brain (a forced promote beside a reachable primary, an
     * unplanned failover while site A's primary answers) on a target that {@code done} accepts by any of its ids (the
     * target's or either side's): one sentence naming both primaries, what it means and the next step, which the GUI's
     * result and the command line's output show instead of a plain success; empty when the run made none.
     */
    static String splitBrainLeft(RiskRequest r, java.util.function.Predicate<String> done) {
        RiskOperation op = r.operation();
        boolean sent = op == RiskOperation.UNPLANNED_FAILOVER || op == RiskOperation.PROMOTE && r.force();
        if (!sent) return "";
        List<String> pairs = new ArrayList<>();
        for (TargetFacts t : r.targets()) {
            if (!makesSplitBrain(op, t)) continue;
            SideFacts promoted = op == RiskOperation.UNPLANNED_FAILOVER ? t.partner() : t.side();
            SideFacts primary = op == RiskOperation.UNPLANNED_FAILOVER ? t.side() : t.partner();
            boolean ran = done.test(t.id()) || promoted != null && done.test(promoted.id()) || done.test(primary.id());
            if (ran) pairs.add((promoted == null ? t.displayName() : promoted.where()) + " and " + primary.where());
        }
        if (pairs.isEmpty()) return "";
        return (op == RiskOperation.PROMOTE ? "Promoted" : "Failed over") + ", and now " + (pairs.size() == 1 ? "a split brain: " : count(pairs.size(), "split brain") + ": ")
                + String.join("; ", pairs) + " are both primary and both take writes; nothing replicates between them, and what "
                + "each side takes from now on is missing on the other. Next step: " + PairMismatch.BOTH_PRIMARY.safeNextStep();
    }

    // --- words -------------------------------------------------------------------------------

    static boolean splitBrain(TargetFacts t) {
        return t.side() != null && t.partner() != null && t.side().primary() && t.partner().primary();
    }

    private static String splitBrainSentence(TargetFacts t) {
        return "the pair is in split brain: " + t.side().where() + " and " + t.partner().where()
                + " are both primary; each may have taken writes the other lacks";
    }

    /** {@code "erp-db-replica (vol-00000211) on site-b"}; the id alone when the side has no other name. */
    private static String named(SideFacts s) {
        return s.name().isEmpty() || s.name().equals(s.id()) ? s.where() : s.name() + " (" + s.id() + ")" + (s.site().isEmpty() ? "" : " on " + s.site());
    }

    private String clock(Instant t) {
        return CLOCK.format(t.atZone(zone));
    }

    private static Instant lastSync(SideFacts a, SideFacts b) {
        if (a != null && a.lastSync() != null) return a.lastSync();
        return b == null ? null : b.lastSync();
    }

    private static String evidence(SideFacts s) {
        return s.reachable() ? "the latest read of " + s.site() + " answered" : "";
    }

    static String role(SideFacts s) {
        return s.role().name().toLowerCase();
    }

    private static String words(ReplicationHealth h) {
        return h.name().toLowerCase();
    }

    static String plural(String noun) {
        return Words.plural(noun);
    }

    static String count(int n, String noun) {
        return Words.count(n, noun);
    }

    /** The assessment being made. */
    private final class Draft {
        final RiskRequest r;
        final List<Hazard> hazards = new ArrayList<>();
        IllegalCall illegal;
        Consent consent;
        String safer = "";
        /**
         * The line the consent leads with, before each target's state; empty when none. A fence's: the danger and the
         * count, {@code "DANGER: every client of every network (0.0.0.0/0): 7 known hosts and 45 volumes on Demo (inproc:demo) cut off"}.
         */
        String lead = "";

        Draft(RiskRequest r) {
            this.r = r;
        }

        String writesLost(SideFacts writer, Instant lastSync) {
            return "writes to " + writer.where() + " after " + (lastSync == null ? "replication was enabled (no completed sync is known)"
                    : "the last sync at " + clock(lastSync) + ago(lastSync)) + " are lost";
        }

        String since(Instant lastSync) {
            return lastSync == null ? " (no completed sync is known)" : " (since the last sync at " + clock(lastSync) + ago(lastSync) + ")";
        }

        String ago(Instant t) {
            return ", " + Words.ago(t, r.now());
        }

        TargetFacts one() {
            return r.targets().get(0);
        }

        String names() {
            return r.targets().stream().map(TargetFacts::displayName).collect(Collectors.joining(", "));
        }

        Draft add(Kind kind, Gravity severity, String sentence, String evidence) {
            hazards.add(new Hazard(kind, severity, sentence, evidence));
            return this;
        }

        Draft danger(Kind kind, String sentence, String evidence) {
            return add(kind, Gravity.DANGER, sentence, evidence);
        }

        Draft caution(Kind kind, String sentence, String evidence) {
            return add(kind, Gravity.CAUTION, sentence, evidence);
        }

        void illegal(String reason, String spec, String next, boolean overridable) {
            if (illegal == null) illegal = new IllegalCall(reason, spec, next, overridable);
        }

        void safer(String s) {
            if (safer.isEmpty()) safer = s;
        }

        void confirm() {
            consent = new Consent(Consent.Kind.CONFIRM, "", nameList(r), ids(r));
        }

        void typed() {
            List<String> names = nameList(r);
            consent = new Consent(Consent.Kind.TYPED, Consent.phrase(r.operation().verbLower(), plural(one().kind()), names), names, ids(r));
        }

        void typedNetworks() {
            List<String> ids = ids(r);
            consent = new Consent(Consent.Kind.TYPED, String.join(",", ids), ids, ids);
        }

        void typedEach(List<String> names, List<String> ids) {
            consent = new Consent(Consent.Kind.TYPED_EACH, "", names, ids);
        }

        void forceOrConfirm() {
            if (r.force()) typedEach(nameList(r), ids(r));
            else confirm();
        }

        /**
         * The assessment; a confirmation beside any danger (data lost, clients cut off, a split brain made or already
         * there) asks each target's name instead, in the GUI and on the command line alike: a click or a run of the
         * command is too little for it.
         */
        Assessment build() {
            List<Hazard> sorted = new ArrayList<>(hazards);
            sorted.sort(Comparator.comparing((Hazard h) -> !h.danger()));
            if (consent.level() == Consent.Kind.CONFIRM && hazards.stream().anyMatch(Hazard::danger)) {
                typedEach(nameList(r), ids(r));
            }
            List<String> lines = state();
            lines.addAll(sides(r));
            if (!lead.isEmpty()) lines.add(0, lead);
            return new Assessment(r, title(), lines, sorted, illegal, consent, safer);
        }

        private String title() {
            RiskOperation op = r.operation();
            // the node names where ("on node-1"): "Unpublish on the node volume x on node-1" would say it twice
            String verb = r.force() && op.forceable() && op != RiskOperation.UNPLANNED_FAILOVER ? "Force " + op.verbLower()
                    : op == RiskOperation.NODE_UNPUBLISH && !r.nodeId().isEmpty() ? "Unpublish" : op.verb();
            TargetFacts t = one();
            String target = r.targets().size() == 1
                    ? t.kind() + " " + t.displayName() + (t.side() != null && !t.side().site().isEmpty() ? " on " + t.side().site() : "")
                    : count(r.targets().size(), t.kind());
            String node = r.nodeId().isEmpty() ? "" : switch (op) {
                case CONTROLLER_UNPUBLISH -> " from " + r.nodeId();
                case CONTROLLER_PUBLISH -> " to " + r.nodeId();
                default -> " on " + r.nodeId();
            };
            return verb + " " + target + node;
        }

        private List<String> state() {
            List<String> out = new ArrayList<>();
            for (TargetFacts t : r.targets()) {
                StringBuilder s = new StringBuilder(t.kind()).append(' ').append(t.displayName());
                if (!t.name().isEmpty() && !t.name().equals(t.id())) s.append(" (").append(t.id()).append(')');
                if (t.capacityBytes() > 0) {
                    s.append(", ").append(ByteSize.format(t.capacityBytes()));
                    if (!t.sizeOrigin().isEmpty()) s.append(" (").append(t.sizeOrigin()).append(')');
                }
                if (t.placements().isEmpty()) {
                    // a replication operation does not gather placements: saying "published nowhere" would be a guess
                    if (t.kind().equals("volume") && !r.operation().replication()) {
                        s.append(t.driverReportsPlacements() ? ", published nowhere" : ", not published by this console (the driver does not report publications)");
                    }
                } else {
                    s.append(", ").append(t.placements().stream().map(Placement::describe).collect(Collectors.joining(", ")));
                }
                if (t.side() != null) {
                    SideFacts a = t.side();
                    s.append("; ").append(role(a)).append(", ").append(words(a.health())).append(" on ").append(a.site().isEmpty() ? "this site" : a.site());
                    if (a.lastSync() != null) s.append(", last sync ").append(clock(a.lastSync())).append(ago(a.lastSync()));
                    if (a.lastWrite() != null) s.append(", last write ").append(clock(a.lastWrite()));
                    if (!a.reachable()) s.append(", not answering");
                }
                if (t.partner() != null && !t.partner().read() && t.partner().role() == VolumeReplicationRole.UNKNOWN) {
                    // a partner only named (by a context or the record): its state was never read, so none is claimed
                    s.append("; partner ").append(t.partner().where()).append(": its state not read");
                } else if (t.partner() != null && !t.partner().read() && t.side() != null) {
                    // a role the side's own driver reports for its partner (a split brain): said as its report, nothing more
                    s.append("; partner ").append(t.partner().where()).append(": ").append(role(t.partner())).append(" as ")
                            .append(t.side().id()).append("'s driver reports; its own state not read");
                } else if (t.partner() != null) {
                    SideFacts b = t.partner();
                    s.append("; partner ").append(named(b)).append(": ").append(role(b)).append(", ").append(words(b.health()))
                            .append(b.reachable() ? ", answering" : ", not answering");
                    if (b.lastSync() != null) s.append(", last sync ").append(clock(b.lastSync())).append(ago(b.lastSync()));
                    if (b.lastWrite() != null) s.append(", last write ").append(clock(b.lastWrite()));
                } else if (t.side() != null) {
                    s.append("; partner unknown");
                }
                if (!t.dependents().isEmpty() && !t.kind().equals("volume group")) {
                    s.append("; ").append(switch (t.kind()) {
                        case "network" -> count(t.dependents().size(), "known client")
                                + (t.reached().isEmpty() ? "" : ", " + count(t.reached().size(), "volume") + " published to them") + ": ";
                        case "host" -> "volumes published to it: ";
                        case "volume" -> "snapshots: ";
                        case "snapshot" -> "";
                        default -> "depending: ";
                    }).append(String.join(", ", t.dependents()));
                }
                out.add(s.toString());
            }
            return out;
        }
    }

    private static List<String> nameList(RiskRequest r) {
        return r.targets().stream().map(TargetFacts::displayName).toList();
    }

    private static List<String> ids(RiskRequest r) {
        return r.targets().stream().map(TargetFacts::id).toList();
    }
}
