package org.csiconsole.app.cli;

import org.csiconsole.core.endpoint.Endpoint;
import picocli.CommandLine.Option;

import java.util.function.Function;

/**
 * Where the csi-addons sidecar listens, for the commands that speak csi-addons: the controller
 * side ({@code --addons-endpoint}) and the node side ({@code --node-addons-endpoint}). Defaults
 * follow the connection profile: the controller side is the CSI endpoint, the node side is the
 * node endpoint when one is given, else the controller side (a driver serving csi-addons on its
 * CSI socket, as the bundled reference plugin does).
 */
public final class AddonsEndpointOptions {
    @Option(names = "--addons-endpoint", paramLabel = "ENDPOINT",
            description = "Endpoint of the csi-addons sidecar when it has a socket of its own (e.g. unix:///csi/csi-addons.sock). "
                    + "Default: --endpoint.")
    String addonsEndpoint;

    @Option(names = "--node-addons-endpoint", paramLabel = "ENDPOINT",
            description = "Endpoint of the node side's csi-addons sidecar (NodeReclaimSpace, EncryptionKeyRotate). "
                    + "Default: --node-endpoint, else --addons-endpoint, else --endpoint.")
    String nodeAddonsEndpoint;

    /** The controller side's csi-addons endpoint. */
    Endpoint controller(CsiEndpointOptions o, Function<String, String> env) {
        return addonsEndpoint != null ? o.withTls(Endpoint.parse(addonsEndpoint)) : o.controller(env);
    }

    /** The node side's csi-addons endpoint. */
    Endpoint node(CsiEndpointOptions o, Function<String, String> env) {
        if (nodeAddonsEndpoint != null) return o.withTls(Endpoint.parse(nodeAddonsEndpoint));
        return o.node().orElseGet(() -> controller(o, env));
    }
}
