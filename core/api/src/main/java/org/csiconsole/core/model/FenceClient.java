package org.csiconsole.core.model;

import java.util.List;
import java.util.Objects;

/**
 * One client of the storage cluster that a fence should name, as the driver reports it
 * (csi-addons fence.proto GetFenceClients, {@code ClientDetails}).
 *
 * @param clientId the driver's unique id of the client ({@code ClientDetails.id}; ceph-csi reports
 *     the cluster fsid)
 * @param addresses the client's addresses as the driver reports them ({@code ClientDetails.addresses},
 *     CIDR text such as {@code 10.1.0.7/32}); kept as text so nothing a driver reports is dropped,
 *     checked with {@link Cidr#parse} before they are fenced
 */
public record FenceClient(String clientId, List<String> addresses) {
    public FenceClient {
        Objects.requireNonNull(clientId, "clientId");
        addresses = addresses == null ? List.of() : List.copyOf(addresses);
    }
}
