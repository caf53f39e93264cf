package org.csiconsole.core.trouble;

import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * Whether the driver needs secrets the probe was not given, told from what the probe saw: a call that carries secrets
 * refused for its credentials (UNAUTHENTICATED, PERMISSION_DENIED, "no secrets have been provided", ceph-csi's
 * "provided secret is empty") is a warning that the driver requires them when none were given, and a failure when the
 * secrets given were refused ({@link ProbeReport#secretsRefused()}); else, without
 * secrets, the advertised capabilities whose calls carry them are named in a check left SKIPPED (CSI spec, "Secrets
 * Requirements": the CO passes them; many drivers refuse those calls without). The probe changes nothing, so it never
 * tries a create or a publish itself.
 */
final class SecretChecks {
    static final String SECRETS = Checks.SPEC_CSI + ", Secrets Requirements";
    private static final String WHERE = "--secrets-file FILE or the CSI_SECRETS_FILE variable";
    /** Where a workbench user gives them: the Probe page itself, or the saved connection to the endpoint. */
    private static final String WHERE_IN_WORKBENCH = "the Probe page's Secrets file, or a saved connection to this endpoint whose "
            + "secrets file holds them (Edit connection)";

    private SecretChecks() {
    }

    static void run(ProbeRun r) {
        String title = "Calls that carry secrets are accepted";
        Map<String, String> refused = r.calls.credentialRefusals();
        boolean given = r.options.secrets().configured();
        String where = r.options.workbench() ? WHERE_IN_WORKBENCH : WHERE;
        String from = r.options.secretsFrom().isEmpty() ? "" : " (secrets from " + r.options.secretsFrom() + ")";
        if (!refused.isEmpty()) {
            List<String> each = new ArrayList<>();
            refused.forEach((m, why) -> each.add(m + ": " + why));
            String evidence = "the driver refused " + String.join("; ", each) + from;
            if (given) {
                // the secrets given are wrong: an authentication failure, not a hint
                r.add(fail(ProbeReport.SECRETS_CHECK, title, evidence, SECRETS, "The driver refused the secrets given: check their keys and "
                        + "values (a wrong key, an expired password), then probe again with " + where));
            } else {
                r.add(warn(ProbeReport.SECRETS_CHECK, title, evidence, SECRETS, "The driver requires secrets: give them with " + where
                        + ", then probe again"));
            }
            return;
        }
        if (given) {
            r.add(pass(ProbeReport.SECRETS_CHECK, title, "secrets were given" + from + "; no call that carries them was refused",
                    SECRETS));
            return;
        }
        List<String> carrying = carrying(r);
        if (carrying.isEmpty()) {
            r.add(pass(ProbeReport.SECRETS_CHECK, title, "no secrets given, and the driver advertises no call that carries them", SECRETS));
            return;
        }
        r.add(skipped(ProbeReport.SECRETS_CHECK, title, "no secrets were given and no call the probe made was refused for them; the "
                + "driver advertises calls that carry secrets (" + String.join(", ", carrying) + "), which the probe does not "
                + "send as it changes nothing. Many drivers (ceph-csi, the HPE driver) refuse them without: if this one does, "
                + "give them with " + where, SECRETS));
    }

    /** The calls that carry secrets the driver's capabilities advertise, in the spec's order. */
    private static List<String> carrying(ProbeRun r) {
        List<String> out = new ArrayList<>();
        if (r.capabilities == null) return out;
        if (r.capabilities.has(ControllerCapability.CREATE_DELETE_VOLUME)) out.add("CreateVolume, DeleteVolume");
        if (r.capabilities.has(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME)) out.add("ControllerPublishVolume, ControllerUnpublishVolume");
        if (r.capabilities.has(ControllerCapability.CREATE_DELETE_SNAPSHOT)) out.add("CreateSnapshot, DeleteSnapshot");
        if (r.capabilities.has(ControllerCapability.EXPAND_VOLUME)) out.add("ControllerExpandVolume");
        if (r.capabilities.has(ControllerCapability.MODIFY_VOLUME)) out.add("ControllerModifyVolume");
        if (r.capabilities.has(NodeCapability.STAGE_UNSTAGE_VOLUME)) out.add("NodeStageVolume");
        if (r.capabilities.has(NodeCapability.EXPAND_VOLUME)) out.add("NodeExpandVolume");
        return out;
    }
}
