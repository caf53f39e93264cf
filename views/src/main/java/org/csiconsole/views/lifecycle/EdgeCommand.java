package org.csiconsole.views.lifecycle;

import java.util.Objects;

/**
 * What clicking one arrow of the diagram does now.
 *
 * @param id the arrow's id (the RPC name for the volume lifecycle)
 * @param enabled true when the call may be made now from this console
 * @param reason why not, in the spec's words or the console's (the node socket, a capability); empty when enabled
 * @param clickable true when the arrow runs a command at all (an event or a call the console does not make is not)
 */
public record EdgeCommand(String id, boolean enabled, String reason, boolean clickable) {
    public EdgeCommand {
        Objects.requireNonNull(id, "id");
        reason = Objects.requireNonNullElse(reason, "");
    }
}
