package org.csiconsole.core.reference;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/** Child-process entry for durability tests: serves an EMPTY-seeded plugin on a socket until killed. */
public final class ServeMain {
    private ServeMain() {
    }

    public static void main(String[] args) throws Exception {
        ReferencePlugin plugin;
        try {
            plugin = ReferencePlugin.builder(Path.of(args[0])).seed(Seed.EMPTY).start();
        } catch (RuntimeException e) {
            System.out.println("FAILED " + e.getMessage());
            System.out.flush();
            System.exit(2);
            return;
        }
        plugin.serve(Path.of(args[1]), Optional.empty());
        CountDownLatch done = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            plugin.close();
            done.countDown();
        }));
        System.out.println("READY");
        System.out.flush();
        done.await();
    }
}
