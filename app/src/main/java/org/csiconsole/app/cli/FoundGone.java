package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskModel;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * A delete whose target the read just before sending found gone, as the workbench treats it: recorded in the audit log
 * as not sent ({@link CsiClient#auditFoundGone}: outcome NOT_SENT, code FOUND_GONE, never an OK delete), then refused
 * with core's assessment ({@link RiskModel#alreadyGone}): its lines on stderr, nothing sent, exit 2 as every call core
 * refuses.
 */
final class FoundGone {
    private FoundGone() {
    }

    /**
     * True when {@code read} failed NOT_FOUND: the driver no longer knows the target. Any other failure is thrown as it came.
     *
     * @param read the read by id (ControllerGetVolume, GetSnapshot)
     */
    static boolean by(Callable<?> read) throws Exception {
        try {
            read.call();
            return false;
        } catch (Exception e) {
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.NOT_FOUND) return true;
            throw e;
        }
    }

    /**
     * Records {@code a}'s call as not sent to {@code id} and refuses it with {@code a} found gone.
     *
     * @param name the target as a person knows it (its name, else its id), as the result names it
     * @param override true when {@code --override} was given: the refusal says it does not apply
     * @throws CallFailure always: the refusal (INVALID_ARGUMENT, the console's), or the audit log's failure to record it
     */
    static void refuse(CsiClient client, RiskConsent risk, Assessment a, String id, String name, boolean override, PrintWriter err)
            throws Exception {
        client.auditFoundGone(a.request().operation(), List.of(id), List.of(name)).get();
        risk.confirm(RiskModel.alreadyGone(a, List.of(name)), List.of(), override, err);
        throw new IllegalStateException("an assessment found gone is refused");
    }
}
