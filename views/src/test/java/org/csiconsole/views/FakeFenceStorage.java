package org.csiconsole.views;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.port.AddonsFeatures;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.StorageService;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A storage that offers network fencing only: fenced blocks in a list, the requests it got, and
 * the csi-addons capabilities it advertises (both fence capabilities unless told otherwise).
 */
public final class FakeFenceStorage implements StorageService {
    public final List<String> fenced = new CopyOnWriteArrayList<>();
    public final List<FenceRequest> requests = new CopyOnWriteArrayList<>();
    public final List<Map<String, String>> listParameters = new CopyOnWriteArrayList<>();
    public volatile List<FenceClient> clients = List.of();
    public volatile Features features;
    /** The CSP hosts, once {@link #withCsp} made the connection include an array. */
    public volatile List<Host> hosts = List.of();
    /** The volumes listed, with the nodes or hosts they are published to. */
    public volatile List<Volume> volumes = List.of();
    /** When set, ListClusterFence fails with it, as the RBD driver's does. */
    public volatile RuntimeException listFailure;

    public FakeFenceStorage(AddonsCapability... advertised) {
        features = AddonsFeatures.with(Features.from(FakeStorage.allCapabilities(), true, false, true, true), Set.of(advertised));
    }

    /** Both fence capabilities. */
    public static FakeFenceStorage advertisingAll() {
        return new FakeFenceStorage(AddonsCapability.NETWORK_FENCE, AddonsCapability.GET_CLIENTS_TO_FENCE);
    }

    /** This storage with a CSP array in the connection as well, serving {@code hosts} and {@code volumes}. */
    public FakeFenceStorage withCsp(List<Host> hosts, List<Volume> volumes) {
        features = AddonsFeatures.with(Features.from(FakeStorage.allCapabilities(), true, true, true, true),
                Set.of(AddonsCapability.NETWORK_FENCE, AddonsCapability.GET_CLIENTS_TO_FENCE));
        this.hosts = List.copyOf(hosts);
        this.volumes = List.copyOf(volumes);
        return this;
    }

    @Override
    public CompletableFuture<Listing<Host>> listHosts() {
        return CompletableFuture.completedFuture(Listing.complete(hosts));
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
        if (!volumes.isEmpty()) pages.accept(volumes);
        return CompletableFuture.completedFuture(List.of());
    }

    @Override
    public CompletableFuture<Features> features() {
        return CompletableFuture.completedFuture(features);
    }

    @Override
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        listParameters.add(parameters);
        if (listFailure != null) return CompletableFuture.failedFuture(listFailure);
        return CompletableFuture.completedFuture(List.copyOf(fenced));
    }

    @Override
    public CompletableFuture<Void> fence(FenceRequest request) {
        requests.add(request);
        for (String c : request.cidrTexts()) if (!fenced.contains(c)) fenced.add(c);
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Void> unfence(FenceRequest request) {
        requests.add(request);
        fenced.removeAll(request.cidrTexts());
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<List<FenceClient>> fenceClients(Map<String, String> parameters, Secrets secrets) {
        return clientsAnswer.thenApply(x -> clients);
    }

    /** Completes when GetFenceClients answers; already complete unless a test holds the answer back. */
    public volatile CompletableFuture<Void> clientsAnswer = CompletableFuture.completedFuture(null);

    /** What the connection lists as replicated, with roles; null: the listing fails UNAVAILABLE. */
    public volatile List<org.csiconsole.core.replication.ReplicatedItem> replicated = List.of();

    @Override
    public org.csiconsole.core.replication.ReplicationPort replication() {
        return new org.csiconsole.core.replication.ReplicationPort() {
            @Override
            public CompletableFuture<Listing<org.csiconsole.core.replication.ReplicatedItem>> inventory() {
                List<org.csiconsole.core.replication.ReplicatedItem> items = replicated;
                return items != null ? CompletableFuture.completedFuture(Listing.complete(items)) : CompletableFuture.failedFuture(
                        new org.csiconsole.core.call.CallFailure(org.csiconsole.core.call.FailureKind.UNAVAILABLE, "List replicated volumes",
                                "connection refused", "Check the driver", ""));
            }
        };
    }
}
