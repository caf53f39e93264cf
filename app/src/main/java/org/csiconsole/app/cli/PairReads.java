package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.SampleOrigin;

import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * What a two-site replication command reads on one site before it plans, reads only (nothing here
 * is audited; every call is traced): the site's listing of replicated sources (names, roles, listed
 * partner ids), each source's partner on the other site, and one source's replication state
 * (GetVolumeReplicationInfo: {@code last_sync_time}, health, {@code status_message}). The wizards
 * get the same from the sampler's samples and the site pairs.
 */
final class PairReads {
    private static final long WAIT_SECONDS = 120;

    private final ReplicationSite site;
    private Map<ReplicationSource, ReplicationSample> listed;
    private CallFailure listingFailure;

    PairReads(ReplicationSite site) {
        this.site = site;
    }

    /**
     * The site's listing (csi-addons replication keys of {@code volume_context}), by source, as
     * samples without figures; read once. Empty when the listing fails (the plan's checks then rely
     * on the live reads).
     */
    Map<ReplicationSource, ReplicationSample> listed() throws InterruptedException {
        if (listed != null) return listed;
        listed = new HashMap<>();
        try {
            var listing = site.replication().inventory().get(WAIT_SECONDS, TimeUnit.SECONDS);
            Instant now = Instant.now();
            for (ReplicatedItem i : listing.items()) {
                listed.put(i.source(), new ReplicationSample(i, i.role(), null, null, SampleOrigin.LISTING, now, null, now));
            }
        } catch (ExecutionException | TimeoutException e) {
            listingFailure = CallFailure.unwrap(e);
        }
        return listed;
    }

    /**
     * Each source's partner on the other site, as the wizard learns it: GetReplicationDestinationInfo,
     * else the partner id the listing gives.
     *
     * @throws CallFailure the read's own failure when the site cannot be reached (ENDPOINT, UNAVAILABLE,
     *     TLS, TIMEOUT: exit 3); INVALID_ARGUMENT (exit 2) naming {@code --partner-id} when neither read
     *     names a partner (the driver lacks GET_REPLICATION_DESTINATION_INFO and lists none, or the
     *     source is not replicated)
     */
    List<ReplicationSource> partners(List<ReplicationSource> sources) throws InterruptedException {
        List<ReplicationSource> out = new ArrayList<>();
        for (ReplicationSource s : sources) {
            String why;
            try {
                ReplicationDestination d = site.replication().destination(s, Secrets.NONE).get(WAIT_SECONDS, TimeUnit.SECONDS);
                String id = d == null ? "" : s.group() ? d.volumeGroupId() : d.volumeId();
                if (id != null && !id.isEmpty()) {
                    out.add(new ReplicationSource(s.group(), id));
                    continue;
                }
                why = "GetReplicationDestinationInfo named no destination";
            } catch (ExecutionException | TimeoutException e) {
                CallFailure f = CallFailure.unwrap(e);
                if (f != null && unreachable(f.kind())) throw f;
                why = "GetReplicationDestinationInfo failed (" + (f == null ? e.toString() : f.kind() + ": " + f.why()) + ")";
            }
            ReplicationSample l = listed().get(s);
            if (l != null && !l.item().partnerId().isEmpty()) {
                out.add(new ReplicationSource(s.group(), l.item().partnerId()));
                continue;
            }
            String listing = listingFailure != null ? "the listing failed (" + listingFailure.kind() + ": " + listingFailure.why() + ")"
                    : l == null ? "the listing does not show it as replicated" : "the listing gives no partner id";
            throw CallFailure.refused("Find the partner of " + s + " on " + site.name(),
                    why + ", and " + listing + "; nothing was changed",
                    "Give --partner-id with site B's id of each source, in the order of --volume-id then --group-id "
                            + "(replication list --partner-endpoint shows the pairs)");
        }
        return out;
    }

    /**
     * {@code source}'s state on this site: the listing's name, role and interval with
     * GetVolumeReplicationInfo's figures. Never fails: when that read fails, a side the listing shows secondary
     * (or resyncing) is as the listing read it, as the sampler takes it (a driver that reports only from the
     * primary answers FAILED_PRECONDITION); any other is a sample carrying the failure, its state not read.
     */
    ReplicationSample state(ReplicationSource source, ReplicationRequest template) throws InterruptedException {
        ReplicationSample l = listed().get(source);
        ReplicatedItem item = l != null ? l.item() : ReplicatedItem.of(source, site.name());
        Instant now = Instant.now();
        try {
            ReplicationInfo info = site.replication().info(template.forSource(source)).get(WAIT_SECONDS, TimeUnit.SECONDS);
            return new ReplicationSample(item, item.role(), info, null, SampleOrigin.CSI_ADDONS, Instant.now(), null, Instant.now());
        } catch (ExecutionException | TimeoutException e) {
            CallFailure f = CallFailure.unwrap(e);
            if (f == null) f = new CallFailure(FailureKind.INTERNAL, "Read " + source + " on " + site.name(), e.toString(), "", "");
            if (l != null && (item.role() == VolumeReplicationRole.SECONDARY || item.role() == VolumeReplicationRole.RESYNCING)) {
                // the listing read this side's role, as the sampler takes it: a secondary has no figures to give
                return new ReplicationSample(item, item.role(), null, null, SampleOrigin.LISTING, l.readAt(), null, now);
            }
            if (org.csiconsole.core.replication.ReplicationFailures.reportsOnlyFromPrimary(f)) {
                // the driver said this side is the secondary, as the sampler reads it
                VolumeReplicationRole r = item.role() == VolumeReplicationRole.RESYNCING ? item.role() : VolumeReplicationRole.SECONDARY;
                return new ReplicationSample(item, r, null, null, SampleOrigin.CSI_ADDONS, now, null, now);
            }
            return new ReplicationSample(item, item.role(), null, null, SampleOrigin.LISTING, null, f, now);
        }
    }

    /**
     * {@code source}'s state as the partner of a source of the other site ({@link #state}); null when this site does not
     * have it: its listing does not show it and the driver answers NOT_FOUND, as an unrelated array does.
     */
    ReplicationSample partnerState(ReplicationSource source, ReplicationRequest template) throws InterruptedException {
        ReplicationSample s = state(source, template);
        boolean missing = !listed().containsKey(source) && s.lastError() != null && s.lastError().kind() == FailureKind.NOT_FOUND;
        return missing ? null : s;
    }

    private static boolean unreachable(FailureKind k) {
        return k == FailureKind.ENDPOINT || k == FailureKind.UNAVAILABLE || k == FailureKind.TLS || k == FailureKind.TIMEOUT;
    }
}
