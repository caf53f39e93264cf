package org.csiconsole.views;

import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.port.AddonsFeatures;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.FenceRequest;
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

    public FakeFenceStorage(AddonsCapability... advertised) {
        features = AddonsFeatures.with(Features.from(FakeStorage.allCapabilities(), true, false, true, true), Set.of(advertised));
    }

    /** Both fence capabilities. */
    public static FakeFenceStorage advertisingAll() {
        return new FakeFenceStorage(AddonsCapability.NETWORK_FENCE, AddonsCapability.GET_CLIENTS_TO_FENCE);
    }

    @Override
    public CompletableFuture<Features> features() {
        return CompletableFuture.completedFuture(features);
    }

    @Override
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        listParameters.add(parameters);
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
        return CompletableFuture.completedFuture(clients);
    }
}
