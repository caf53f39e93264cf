package org.csiconsole.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.SecretClass;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.session.SecretSources;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * Secrets files: a JSON object of string values ({@code {"userID": "admin", "userKey": "..."}}, the
 * shape of a Kubernetes Secret's {@code stringData}), or {@code key=value} lines in Java properties
 * syntax ({@code #} comments, {@code \} escapes). A file is read when a call needs it, so an edited
 * file applies to the next call. A file that cannot be read fails with INVALID_ARGUMENT naming the
 * file and what is wrong with it, never a value from it.
 */
public final class SecretFiles implements ConnectionSecrets {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final SecretSources sources;

    /** The secrets named by a profile's {@link SecretSources}. */
    public SecretFiles(SecretSources sources) {
        this.sources = Objects.requireNonNull(sources, "sources");
    }

    /** A connection's secrets from its profile's sources; {@link ConnectionSecrets#NONE} when it names none. */
    public static ConnectionSecrets of(SecretSources sources) {
        return sources == null || sources.noneNamed() ? ConnectionSecrets.NONE : new SecretFiles(sources);
    }

    @Override
    public Secrets forClass(SecretClass c) {
        return sources.fileFor(c).map(f -> read(Path.of(f))).orElse(Secrets.NONE);
    }

    @Override
    public boolean configured() {
        return !sources.noneNamed();
    }

    @Override
    public String toString() {
        return "secrets files " + sources;
    }

    /**
     * The secrets in {@code file}.
     *
     * @throws CallFailure INVALID_ARGUMENT naming the file when it is missing, unreadable, or neither a
     *     JSON object of strings nor key=value lines
     */
    public static Secrets read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException | RuntimeException e) {
            throw bad(file, "it cannot be read (" + e.getClass().getSimpleName() + ")", "Check the path and that you may read the file");
        }
        return text.stripLeading().startsWith("{") ? json(file, text) : properties(file, text);
    }

    private static Secrets json(Path file, String text) {
        JsonNode root;
        try {
            root = JSON.readTree(text);
        } catch (JsonProcessingException e) {
            // the parser's message quotes the text around the error: only its position is told
            var at = e.getLocation();
            throw bad(file, "it is not valid JSON" + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")"),
                    "Write a JSON object of strings, or key=value lines");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!e.getValue().isTextual()) {
                throw bad(file, "the value of \"" + e.getKey() + "\" is not a string", "Write every value as a JSON string");
            }
            m.put(e.getKey(), e.getValue().asText());
        }
        return Secrets.of(m);
    }

    private static Secrets properties(Path file, String text) {
        Properties p = new Properties();
        try {
            p.load(new StringReader(text));
        } catch (IOException | IllegalArgumentException e) {
            throw bad(file, "it cannot be read as key=value lines (" + e.getClass().getSimpleName() + ")",
                    "Write key=value lines, or a JSON object of strings");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (String k : p.stringPropertyNames()) m.put(k, p.getProperty(k));
        return Secrets.of(m);
    }

    private static CallFailure bad(Path file, String why, String todo) {
        return new CallFailure(FailureKind.INVALID_ARGUMENT, "Read the secrets file " + file, why, todo, "");
    }
}
