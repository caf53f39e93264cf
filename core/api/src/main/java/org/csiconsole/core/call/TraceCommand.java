package org.csiconsole.core.call;

import java.util.List;
import java.util.Objects;

/**
 * A shell command that repeats a traced call with another tool (grpcurl, csc, curl), or the reason
 * there is none. Secret values never appear in it: each is a placeholder such as
 * {@code <csi_secret:secrets.password>} that the person fills in.
 *
 * @param tool {@code grpcurl}, {@code csc} or {@code curl}
 * @param argv the command's arguments as the shell hands them to the tool, the tool's name first;
 *     environment assignments ({@code X_CSI_SECRETS=...}) come before it; empty when unavailable
 * @param text the command as one line for a POSIX shell (every argument quoted where needed); empty when unavailable
 * @param reason why there is no command (the tool has no such call, the endpoint cannot be reached
 *     from a shell); empty when available
 */
public record TraceCommand(String tool, List<String> argv, String text, String reason) {
    public TraceCommand {
        Objects.requireNonNull(tool, "tool");
        argv = List.copyOf(argv);
        text = text == null ? "" : text;
        reason = reason == null ? "" : reason;
    }

    /** Why {@code tool} cannot repeat the call. */
    public static TraceCommand unavailable(String tool, String reason) {
        return new TraceCommand(tool, List.of(), "", reason);
    }

    public boolean available() {
        return reason.isEmpty();
    }
}
