package org.csiconsole.core.csi;

import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTimer;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.endpoint.ChannelFactory;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.session.Reachability;

import java.util.Objects;

/**
 * Options of a {@link CsiClient} or {@link org.csiconsole.core.addons.AddonsClient}.
 *
 * @param policy deadlines per call kind, retries, default lock mode
 * @param guard the in-flight guard; pass the same one to every client of one driver so their
 *     mutating calls on the same object are serialized together
 * @param timer clock and waits used between retries
 * @param channels makes channels (and diagnoses unix sockets)
 * @param pageSize {@code max_entries} used by list calls that do not give their own; 0 lets the plugin choose
 * @param audit where mutating calls are audited ({@link CallAudit#none()} in {@link #defaults()}: a client
 *     that makes changes must be given the console's audit log with {@link #withAudit(CallAudit)})
 * @param secrets sent with every call whose request carries secrets and whose caller gave none, per
 *     secret class ({@link org.csiconsole.core.call.SecretCalls}); {@link ConnectionSecrets#NONE} in {@link #defaults()}
 * @param reachability whether the connection's driver answers now: a mutating call is not sent (refused and audited as
 *     not sent) while it does not; {@link Reachability#ALWAYS} in {@link #defaults()}
 */
public record CsiClientOptions(PolicySettings policy, InFlightGuard guard, CallTimer timer, ChannelFactory channels,
                               int pageSize, CallAudit audit, ConnectionSecrets secrets, Reachability reachability) {
    public CsiClientOptions {
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(reachability, "reachability");
        Objects.requireNonNull(audit, "audit");
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(guard, "guard");
        Objects.requireNonNull(timer, "timer");
        Objects.requireNonNull(channels, "channels");
        if (pageSize < 0) throw new IllegalArgumentException("pageSize must be 0 or more");
    }

    /** Default policy, a new guard, the system timer, the default channel factory, pages of 500. */
    public static CsiClientOptions defaults() {
        return new CsiClientOptions(PolicySettings.DEFAULT, new InFlightGuard(), CallTimer.system(), new ChannelFactory(), 500, CallAudit.none(),
                ConnectionSecrets.NONE, Reachability.ALWAYS);
    }

    public CsiClientOptions withPolicy(PolicySettings p) {
        return new CsiClientOptions(p, guard, timer, channels, pageSize, audit, secrets, reachability);
    }

    public CsiClientOptions withGuard(InFlightGuard g) {
        return new CsiClientOptions(policy, g, timer, channels, pageSize, audit, secrets, reachability);
    }

    public CsiClientOptions withTimer(CallTimer t) {
        return new CsiClientOptions(policy, guard, t, channels, pageSize, audit, secrets, reachability);
    }

    public CsiClientOptions withChannels(ChannelFactory c) {
        return new CsiClientOptions(policy, guard, timer, c, pageSize, audit, secrets, reachability);
    }

    /** The same options, auditing every mutating call through {@code a}. */
    public CsiClientOptions withAudit(CallAudit a) {
        return new CsiClientOptions(policy, guard, timer, channels, pageSize, a, secrets, reachability);
    }

    /** The same options, sending {@code s} with calls whose caller gave no secrets. */
    public CsiClientOptions withSecrets(ConnectionSecrets s) {
        return new CsiClientOptions(policy, guard, timer, channels, pageSize, audit, s, reachability);
    }

    /** The same options, refusing mutating calls while {@code r} says the driver does not answer. */
    public CsiClientOptions withReachability(Reachability r) {
        return new CsiClientOptions(policy, guard, timer, channels, pageSize, audit, secrets, r);
    }

    public CsiClientOptions withPageSize(int n) {
        return new CsiClientOptions(policy, guard, timer, channels, n, audit, secrets, reachability);
    }
}
