package org.csiconsole.core.reference.training;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.StepState;

/**
 * Training benchmark (scripts/benchmark-training.sh; not part of {@code mvn verify}): on the largest
 * bundled scenario, the time to start it (seed), to reset it to its seed (target at most 2 s), and the
 * time from a state change to its step turning green in a listener (target at most 250 ms), once for a
 * change committed to the model directly and once for a ControllerUnpublishVolume served over gRPC in
 * process (which the checker judges once the call is logged). Prints median and worst of each.
 */
public final class TrainingBenchmark {
    private TrainingBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int rounds = Integer.getInteger("bench.rounds", 20);
        Path work = Files.createTempDirectory("training-bench");
        ReferenceTraining training = new ReferenceTraining(work, Runnable::run);
        Scenario largest = null;
        int largestRows = -1;
        for (Scenario s : training.load(Optional.empty()).scenarios()) {
            try (ReferenceTrainingSession session = training.startIn(s, work.resolve("probe-" + s.id()))) {
                int rows = session.seedState().values().stream().mapToInt(m -> m.size()).sum();
                if (rows > largestRows) {
                    largestRows = rows;
                    largest = s;
                }
            }
        }
        List<Double> starts = new ArrayList<>();
        List<Double> resets = new ArrayList<>();
        List<Double> modelToGreen = new ArrayList<>();
        List<Double> callToGreen = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            long t0 = System.nanoTime();
            training.startIn(largest, work.resolve("start")).close();
            starts.add(ms(t0));
        }
        try (ReferenceTrainingSession s = training.startIn(largest, work.resolve("run"))) {
            var model = s.plugin().model();
            ManagedChannel channel = InProcessChannelBuilder.forName(s.endpoint().substring("inproc:".length())).build();
            var controller = ControllerGrpc.newBlockingStub(channel);
            for (int i = -2; i < rounds; i++) { // two rounds of warm-up (class loading, the channel's first call) not counted
                // change most of the state: unpublish everything on worker-04, demote the group, fence a network
                for (var p : model.publications().onNode("worker-04")) model.publications().unpublish(p.volumeId(), "worker-04");
                model.replications().demote(model.groups().byName("vg-erp").orElseThrow().id());
                model.fencing().fence(List.of("10.20.3.0/24"));
                long t0 = System.nanoTime();
                s.reset().get(60, TimeUnit.SECONDS);
                if (i >= 0) resets.add(ms(t0));
                if (!model.dump().equals(s.seedState())) throw new IllegalStateException("reset did not restore the seed");

                String db = model.volumes().byName("erp-db").orElseThrow().id();
                String logs = model.volumes().byName("erp-logs").orElseThrow().id();
                String app = model.volumes().byName("erp-app").orElseThrow().id();
                model.publications().unpublish(db, "worker-02");
                model.publications().unpublish(logs, "worker-02");
                CompletableFuture<Long> green = greenAt(s);
                t0 = System.nanoTime();
                if (Math.floorMod(i, 2) == 0) {
                    model.publications().unpublish(app, "worker-03");
                    double took = (green.get(60, TimeUnit.SECONDS) - t0) / 1e6;
                    if (i >= 0) modelToGreen.add(took);
                } else {
                    controller.controllerUnpublishVolume(Csi.ControllerUnpublishVolumeRequest.newBuilder().setVolumeId(app)
                            .setNodeId("worker-03").build());
                    double took = (green.get(60, TimeUnit.SECONDS) - t0) / 1e6;
                    if (i >= 0) callToGreen.add(took);
                }
            }
            channel.shutdownNow();
        }
        System.out.printf("Training benchmark, largest bundled scenario %s (%d stored rows), %d rounds%n", largest.id(), largestRows, rounds);
        print("start (seed a fresh plugin)", starts);
        print("reset to the seed (target <= 2000 ms)", resets);
        print("model change -> step green (target <= 250 ms)", modelToGreen);
        print("ControllerUnpublishVolume call -> step green (target <= 250 ms)", callToGreen);
    }

    /** Completes with System.nanoTime() when the listener first sees stop-app passed. */
    private static CompletableFuture<Long> greenAt(ReferenceTrainingSession s) {
        CompletableFuture<Long> at = new CompletableFuture<>();
        AutoCloseable[] sub = new AutoCloseable[1];
        sub[0] = s.subscribe(p -> {
            if (p.step("stop-app").orElseThrow().state() == StepState.PASSED && at.complete(System.nanoTime())) {
                try {
                    sub[0].close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }
        });
        return at;
    }

    private static double ms(long t0) {
        return (System.nanoTime() - t0) / 1e6;
    }

    private static void print(String what, List<Double> values) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        System.out.printf("  %-62s median %8.1f ms, worst %8.1f ms (%d runs)%n", what, sorted.get(sorted.size() / 2),
                sorted.get(sorted.size() - 1), sorted.size());
    }
}
