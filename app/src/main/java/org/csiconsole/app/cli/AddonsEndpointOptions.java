package org.csiconsole.app.cli;

import org.csiconsole.core.endpoint.Endpoint;
import picocli.CommandLine.Option;

import java.util.function.Function;

/**
 * Where the node side of the csi-addons sidecar listens ({@code --node-addons-endpoint}), for the
 * commands that call it; the controller side is {@code --addons-endpoint} of
 * {@link CsiEndpointOptions}. Defaults follow the connection profile: the node side is the node
 * endpoint when one is given, else the controller side (a driver serving csi-addons on its CSI
 * socket, as the bundled reference plugin does).
 */
public final class AddonsEndpointOptions {
    @Option(names = "--node-addons-endpoint", paramLabel = "ENDPOINT",
            description = "Endpoint of the node side's csi-addons sidecar (NodeReclaimSpace, EncryptionKeyRotate). "
                    + "Default: --node-endpoint, else --addons-endpoint, else --endpoint.")
    String nodeAddonsEndpoint;

    /** The controller side's csi-addons endpoint. */
    Endpoint controller(CsiEndpointOptions o, Function<String, String> env) {
        return o.addons(env);
    }

    /** The node side's csi-addons endpoint. */
    Endpoint node(CsiEndpointOptions o, Function<String, String> env) {
        if (nodeAddonsEndpoint != null) return o.withTls(Endpoint.parse(nodeAddonsEndpoint));
        return o.node().orElseGet(() -> controller(o, env));
    }
}
