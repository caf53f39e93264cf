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
     * One target: {@code named} (the source acted on, or forced) with this side's and its partner's state.
     *
     * @param self the side the operation starts from (site A of a workflow); its sample
     * @param partner the other side's sample; null when it is not known
     */
    static TargetFacts target(ReplicationSource named, ReplicationSample namedSample, ReplicationSample self, ReplicationSample partner) {
        String name = namedSample == null ? "" : namedSample.item().name();
        return TargetFacts.of(named.group() ? "volume group" : "volume", named.id(), name)
                .withReplication(SideFacts.of(self), partner == null ? null : SideFacts.of(partner));
    }

    /**
     * The force confirmations of {@code forced} from the consent given: target {@code i} of the assessment is
     * {@code forced.get(i)}. For a dry run ({@code typed} empty) the plan shows force on each without sending it.
     */
    static Map<ReplicationSource, ForceConfirmation> force(Assessment a, List<ReplicationSource> forced, RiskConsent.Given given) {
        Map<ReplicationSource, ForceConfirmation> out = new LinkedHashMap<>();
        if (!a.forced()) return out;
        for (int i = 0; i < forced.size(); i++) {
            TargetFacts t = a.request().targets().get(i);
            String typed = given == null ? forced.get(i).id() : given.typedFor(i);
            out.put(forced.get(i), ForceConfirmation.typed(forced.get(i), t.displayName(), typed));
        }
        return out;
    }
}
