package org.csiconsole.app.cli;

import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.SideFacts;
import org.csiconsole.core.risk.TargetFacts;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The facts of a replication command for core's risk assessment, from what it read of both sides
 * ({@link PairReads}), and the force confirmations made from the consent the person gave.
 */
final class ReplicationRisk {
    private ReplicationRisk() {
    }

    /**
     * One target: {@code source} on the side the operation starts from (site A of a workflow), named with its own id and
     * name, with this side's and its partner's state. When one connection serves both sides (a driver serving both
     * arrays on one socket), each side is named by its array as the other side lists it, then the connection:
     * {@code "site-a on unix:///run/csi.sock"}, so the two are told apart.
     *
     * @param self the side's sample
     * @param partner the other side's sample; null when it is not known
     */
    static TargetFacts target(ReplicationSource source, ReplicationSample self, ReplicationSample partner) {
        String name = self == null ? "" : self.item().name();
        SideFacts mine = SideFacts.of(self);
        SideFacts theirs = partner == null ? null : SideFacts.of(partner);
        if (partner != null && self.site().equals(partner.site())) {
            mine = SideFacts.of(onArray(partner.item().partner(), self.site()), self);
            theirs = SideFacts.of(onArray(self.item().partner(), partner.site()), partner);
        }
        return TargetFacts.of(source.group() ? "volume group" : "volume", source.id(), name).withReplication(mine, theirs);
    }

    private static String onArray(String array, String connection) {
        return array.isEmpty() || array.equals(connection) ? connection : array + " on " + connection;
    }

    /**
     * The force confirmations of {@code forced} from the consent given: name {@code i} the assessment's consent asks
     * for is {@code forced.get(i)}'s (an unplanned failover's: the partner promoted on site B). For a dry run
     * ({@code typed} empty) the plan shows force on each without sending it.
     */
    static Map<ReplicationSource, ForceConfirmation> force(Assessment a, List<ReplicationSource> forced, RiskConsent.Given given) {
        Map<ReplicationSource, ForceConfirmation> out = new LinkedHashMap<>();
        if (!a.forced()) return out;
        for (int i = 0; i < forced.size(); i++) {
            String typed = given == null ? forced.get(i).id() : given.typedFor(i);
            out.put(forced.get(i), ForceConfirmation.typed(forced.get(i), a.consent().names().get(i), typed));
        }
        return out;
    }
}
