package org.csiconsole.app.cli;

import org.csiconsole.core.model.Secrets;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * {@code --secrets-file}: where a mutating command reads the {@code secrets} of its RPCs (the fields
 * marked {@code csi_secret} in csi.proto). The file holds {@code key=value} lines in Java properties
 * syntax ({@code #} comments, {@code \} escapes). Without the option, the file named by the
 * {@value #ENV} environment variable is read; with neither, no secrets are sent. Secrets are never
 * taken from an argument and never printed: the trace redacts them, and a file that cannot be read
 * is reported by its path only.
 */
final class MutationSecrets {
    /** Environment variable naming the secrets file when {@code --secrets-file} is not given. */
    static final String ENV = "CSI_SECRETS_FILE";

    @Option(names = "--secrets-file", paramLabel = "FILE",
            description = "Properties file (key=value lines) of the secrets the driver needs for this call. "
                    + "Default: the file named by " + ENV + ". Secrets are never given on the command line and never printed.")
    Path file;

    /**
     * The secrets to send.
     *
     * @param env the environment, for {@value #ENV}
     * @return {@link Secrets#NONE} when neither the option nor the variable names a file
     * @throws org.csiconsole.core.call.CallFailure INVALID_ARGUMENT when the file cannot be read
     */
    Secrets read(Function<String, String> env) {
        if (file != null) return CsiCommands.readSecrets(file);
        String named = env.apply(ENV);
        return named == null || named.isBlank() ? Secrets.NONE : CsiCommands.readSecrets(Path.of(named));
    }
}
