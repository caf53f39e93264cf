package org.csiconsole.app.cli;

import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.store.SecretFiles;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.function.Function;

/**
 * {@code --secrets-file}: where a command reads the {@code secrets} of its RPCs (the fields marked
 * {@code csi_secret} in csi.proto and the csi-addons protos), for every command whose calls carry
 * them, reads included. The file holds a JSON object of strings or {@code key=value} lines in Java
 * properties syntax ({@link SecretFiles}). Without the option, the file named by the {@value #ENV}
 * environment variable is read; with neither, no secrets are sent. Secrets are never taken from an
 * argument and never printed: the trace masks the fields that carry them, and a file that cannot be
 * read is reported by its path only.
 */
final class SecretsFileOption {
    /** Environment variable naming the secrets file when {@code --secrets-file} is not given. */
    static final String ENV = org.csiconsole.core.call.GrpcFailures.SECRETS_FILE_ENV;

    @Option(names = "--secrets-file", paramLabel = "FILE",
            description = "Secrets the driver needs for these calls: a JSON object of strings or key=value lines. "
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
        if (file != null) return SecretFiles.read(file);
        String named = env.apply(ENV);
        return named == null || named.isBlank() ? Secrets.NONE : SecretFiles.read(Path.of(named));
    }

    /** Where the secrets come from, in words ("the secrets file /etc/csi/s.json"); empty when no file is named. */
    String from(Function<String, String> env) {
        if (file != null) return "the secrets file " + file;
        String named = env.apply(ENV);
        return named == null || named.isBlank() ? "" : "the secrets file " + named + " (" + ENV + ")";
    }

    /** The secrets as a connection's: the same for every call that carries secrets. */
    ConnectionSecrets connection(Function<String, String> env) {
        return ConnectionSecrets.all(read(env));
    }
}
