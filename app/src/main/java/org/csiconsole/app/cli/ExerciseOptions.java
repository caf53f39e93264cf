package org.csiconsole.app.cli;

import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.trouble.ExercisePlan;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/** What an exercise creates ({@code exercise}, and {@code report --exercise}), and its confirmation. */
final class ExerciseOptions {
    @Option(names = "--name-prefix", paramLabel = "PREFIX", defaultValue = "csi-console-exercise",
            description = "Start of the names the exercise gives (default ${DEFAULT-VALUE}); volumes are named <prefix>-<8 hex>.")
    String namePrefix;

    @Option(names = "--size", paramLabel = "SIZE", defaultValue = "1GiB", description = "Size of the volume (default ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--parameter", paramLabel = "KEY=VALUE", description = "A CreateVolume parameter, repeatable; pool=NAME names the pool.")
    Map<String, String> parameters = new LinkedHashMap<>();

    @picocli.CommandLine.Mixin
    SecretsFileOption secretsOption = new SecretsFileOption();

    @Option(names = "--work-dir", paramLabel = "DIR",
            description = "Directory for the staging and target paths the exercise creates and removes (default: a new one under the system's temporary directory).")
    Path workDir;

    @Option(names = "--no-snapshot", description = "Leave out the snapshot and the clone.")
    boolean noSnapshot;

    @Option(names = "--yes", paramLabel = "DRIVER/POOL",
            description = "Confirm without a terminal: the driver's name and the pool, as <driver>/<pool> (pool: the pool parameter, else default).")
    String yes;

    Secrets secrets(Function<String, String> env) {
        return secretsOption.read(env);
    }

    ExercisePlan plan(Function<String, String> env) throws IOException {
        Path dir = workDir;
        if (dir == null) {
            dir = Files.createTempDirectory("csi-console-exercise-");
            dir.toFile().deleteOnExit(); // empty again once the exercise removed what it made in it
        }
        return new ExercisePlan(namePrefix, CsiMutations.size("--size", size), parameters, secrets(env), dir, !noSnapshot);
    }
}
