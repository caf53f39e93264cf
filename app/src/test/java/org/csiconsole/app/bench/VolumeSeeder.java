package org.csiconsole.app.bench;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Fills a reference plugin state folder with N volumes of 1 GiB (CreateVolume in process, 64 in
 * flight), for the CLI part of the start-up benchmark; a folder that already holds N is left as is.
 *
 * <p>{@code VolumeSeeder STATE_DIR COUNT}
 */
public final class VolumeSeeder {
    private VolumeSeeder() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int count = Integer.parseInt(args[1]);
        String name = "seeder-" + ProcessHandle.current().pid();
        try (ReferencePlugin plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).start()) {
            plugin.startInProcess(name);
            seed(new Endpoint.InProcess(name), count);
        }
    }

    private static void seed(Endpoint endpoint, int count) throws Exception {
        try (CsiClient csi = CsiClient.open(endpoint, Optional.empty(), CsiClientOptions.defaults(), new CallTrace(1))) {
            int have = csi.controller().allVolumes().get().size();
            VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
            Semaphore inFlight = new Semaphore(64);
            AtomicReference<Throwable> failure = new AtomicReference<>();
            long t0 = System.nanoTime();
            for (int i = have; i < count && failure.get() == null; i++) {
                inFlight.acquire();
                csi.controller().createVolume(CreateVolumeRequest.of(String.format(Locale.ROOT, "pvc-%07d", i), 1L << 30, cap))
                        .whenComplete((v, e) -> {
                            if (e != null) failure.compareAndSet(null, e);
                            inFlight.release();
                        });
            }
            inFlight.acquire(64);
            if (failure.get() != null) throw new IllegalStateException("seeding failed: " + failure.get().getMessage(), failure.get());
            System.out.printf(Locale.ROOT, "seeded %,d volumes (%,d were there) in %.1f s%n", Math.max(0, count - have), have,
                    (System.nanoTime() - t0) / 1e9);
        }
    }
}
