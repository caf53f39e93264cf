package org.csiconsole.core.session;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureOwner;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Whether a connection whose transport is up works: it is {@link ConnectionState#DEGRADED} while
 * the latest answer of a call that carries secrets was a refusal of the credentials (a failure
 * whose {@link CallFailure#owner()} is {@link FailureOwner#CREDENTIALS}: UNAUTHENTICATED,
 * PERMISSION_DENIED, "no secrets have been provided") or while the login to its CSP array failed.
 * A later success of the same call, or a login that succeeds, clears it. Decided here once; the
 * workbench shows {@link #state} and {@link #reason}. Thread-safe.
 */
public final class CredentialHealth {
    /** The key of an array login failure in {@link #reasons}. */
    public static final String ARRAY_LOGIN = "array login";

    private final Map<String, String> reasons = new LinkedHashMap<>();

    /**
     * Takes one recorded gRPC attempt of the connection's calls: OK clears a refusal of its method; an answer about the
     * credentials ({@link FailureOwner#aboutCredentials}) marks one; others (HTTP, a transport failure) change nothing.
     *
     * @return true when {@link #reason()} changed
     */
    public synchronized boolean observe(org.csiconsole.core.call.TraceEntry e) {
        if (!org.csiconsole.core.call.TraceEntry.GRPC.equals(e.protocol())) return false;
        String call = e.method().substring(e.method().lastIndexOf('/') + 1);
        String before = reason();
        if (e.ok()) reasons.remove(call);
        else if (FailureOwner.aboutCredentials(e.status(), e.message())) {
            reasons.put(call, call + ": " + e.status() + (e.message().isEmpty() ? "" : " \u2014 " + e.message()));
        }
        return !before.equals(reason());
    }

    /**
     * Takes the outcome of a login to the connection's CSP array.
     *
     * @param failure why it failed; null when it succeeded
     * @return true when {@link #reason()} changed
     */
    public synchronized boolean login(CallFailure failure) {
        String before = reason();
        if (failure == null) reasons.remove(ARRAY_LOGIN);
        else reasons.put(ARRAY_LOGIN, "the array login failed: " + failure.why());
        return !before.equals(reason());
    }

    /** {@code base} as it should be shown: {@link ConnectionState#DEGRADED} instead of CONNECTED while a refusal stands. */
    public synchronized ConnectionState state(ConnectionState base) {
        return base == ConnectionState.CONNECTED && !reasons.isEmpty() ? ConnectionState.DEGRADED : base;
    }

    /**
     * Why the connection is degraded and what to do, one paragraph; empty when it is not. Names where
     * to give the secrets (Edit connection, a secrets file) and, for a failed array login, the
     * navigator's "Log in to the array again".
     */
    public synchronized String reason() {
        if (reasons.isEmpty()) return "";
        Map<String, String> calls = new LinkedHashMap<>(reasons);
        String login = calls.remove(ARRAY_LOGIN);
        StringBuilder b = new StringBuilder("Degraded: ");
        if (!calls.isEmpty()) {
            b.append("the driver refuses the credentials of ").append(calls.size() == 1 ? "a call" : calls.size() + " calls")
                    .append(" that carry secrets (").append(String.join("; ", calls.values())).append("). Give or correct the "
                            + "secrets: Edit connection and name a secrets file (on the command line, --secrets-file).");
        }
        if (login != null) {
            b.append(calls.isEmpty() ? "" : " ").append(Character.toUpperCase(login.charAt(0))).append(login.substring(1))
                    .append(". Log in again: the connection's menu in the navigator, Log in to the array again.");
        }
        return b.toString();
    }

}
