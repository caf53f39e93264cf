package org.csiconsole.core.port;

import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.Secrets;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What FenceClusterNetwork and UnfenceClusterNetwork send (csi-addons fence.proto): the CIDR
 * blocks, the driver's parameters that identify the storage cluster, and the secrets it needs.
 * {@link #toString()} names the secrets' keys only ({@link Secrets}).
 *
 * @param cidrs the blocks, at least one, in network form
 * @param parameters driver-specific options ({@code parameters}, e.g. ceph-csi's {@code clusterID})
 * @param secrets credentials ({@code secrets}, marked {@code csi_secret}); {@link Secrets#NONE} when none
 */
public record FenceRequest(List<Cidr> cidrs, Map<String, String> parameters, Secrets secrets) {
    public FenceRequest {
        cidrs = List.copyOf(cidrs);
        if (cidrs.isEmpty()) throw new IllegalArgumentException("Give at least one CIDR block to fence or unfence.");
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        secrets = Objects.requireNonNullElse(secrets, Secrets.NONE);
    }

    /** The blocks as sent: {@code ["10.1.0.0/24", ...]}. */
    public List<String> cidrTexts() {
        return cidrs.stream().map(Cidr::text).toList();
    }
}
