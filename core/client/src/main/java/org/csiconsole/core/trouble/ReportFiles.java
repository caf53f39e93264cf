package org.csiconsole.core.trouble;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FailureOwner;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.Secrets;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes and reads troubleshooting reports: {@code report.json} (the {@link TroubleReport} record,
 * times in ISO-8601, durations in seconds, sizes in bytes) and {@code report.html} (one
 * self-contained page, {@link ReportHtml}). Known secret values are masked in both, in their plain,
 * JSON-escaped and HTML-escaped forms, after rendering, so no part of the report can carry them.
 */
public final class ReportFiles {
    /** The JSON file's name in a report directory. */
    public static final String JSON_NAME = "report.json";
    /** The HTML file's name in a report directory. */
    public static final String HTML_NAME = "report.html";
    /** Most bytes of a driver log attached: its last 2 MiB. */
    public static final long MAX_LOG_BYTES = 2L << 20;

    /** A trace entry's request and response are written as their JSON text, and read back from it. */
    private static final com.fasterxml.jackson.databind.module.SimpleModule PAYLOADS =
            new com.fasterxml.jackson.databind.module.SimpleModule("trace-payloads")
                    .addSerializer(org.csiconsole.core.call.TracePayload.class,
                            new com.fasterxml.jackson.databind.ser.std.StdSerializer<>(org.csiconsole.core.call.TracePayload.class) {
                                @Override
                                public void serialize(org.csiconsole.core.call.TracePayload p, com.fasterxml.jackson.core.JsonGenerator g,
                                                      com.fasterxml.jackson.databind.SerializerProvider sp) throws java.io.IOException {
                                    g.writeString(p.json());
                                }
                            })
                    .addDeserializer(org.csiconsole.core.call.TracePayload.class,
                            new com.fasterxml.jackson.databind.deser.std.StdDeserializer<>(org.csiconsole.core.call.TracePayload.class) {
                                @Override
                                public org.csiconsole.core.call.TracePayload deserialize(com.fasterxml.jackson.core.JsonParser p,
                                        com.fasterxml.jackson.databind.DeserializationContext c) throws java.io.IOException {
                                    return org.csiconsole.core.call.TracePayload.of(p.getValueAsString(""));
                                }
                            });

    private static final ObjectMapper JSON = StableJson.builder().addModule(PAYLOADS)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(SerializationFeature.INDENT_OUTPUT).build();

    private ReportFiles() {
    }

    /**
     * The report as JSON text. Its calls carry secrets masked by field, as the trace recorded them
     * (the fields marked {@code csi_secret}); no other text is searched for secret values.
     */
    public static String json(TroubleReport report) {
        try {
            return JSON.writeValueAsString(report);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the report could not be written as JSON", e);
        }
    }

    /**
     * Writes {@code dir/report.json} and {@code dir/report.html}, creating {@code dir} when needed.
     *
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} naming the directory when it cannot be written
     */
    public static void write(TroubleReport report, Path dir) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(JSON_NAME), json(report), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(HTML_NAME), ReportHtml.render(report), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, FailureOwner.CONSOLE, "Write the report to " + dir,
                    "the directory cannot be written (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")",
                    "Choose a directory you may write to (--out for csi-console report)", "", e);
        }
    }

    /**
     * Reads a report written by {@link #write}.
     *
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when the file cannot be read or is not a report
     */
    public static TroubleReport read(Path file) {
        try (InputStream in = Files.newInputStream(file)) {
            TroubleReport r = JSON.readValue(in, TroubleReport.class);
            if (!r.format().startsWith("csi-console-report/")) {
                throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Open report " + file, "it is not a CSI Console report (format '"
                        + r.format() + "')", "Open the report.json a csi-console report run wrote", "");
            }
            return r;
        } catch (IOException e) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Open report " + file, "the file cannot be read as a report ("
                    + e.getClass().getSimpleName() + ": " + firstLine(e.getMessage()) + ")",
                    "Open the report.json a csi-console report run wrote", "");
        }
    }

    /**
     * Attaches the end of a driver log file: its last {@link #MAX_LOG_BYTES} bytes, decoded as UTF-8
     * (malformed bytes replaced), with the values of {@code secrets} masked ({@link #maskWholeValues}).
     * A log is free text the driver wrote, with no schema to mark its secret fields, and drivers do log
     * what they were sent; so here, and only here, a value is masked where it stands as a whole token.
     *
     * @param secrets the secrets the run was given (the secrets file's values); {@link Secrets#NONE} for none
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when the file cannot be read
     */
    public static TroubleReport.AttachedLog attachLog(Path file, Secrets secrets) {
        try (SeekableByteChannel ch = Files.newByteChannel(file, StandardOpenOption.READ)) {
            long size = ch.size();
            long from = Math.max(0, size - MAX_LOG_BYTES);
            ch.position(from);
            ByteBuffer buf = ByteBuffer.allocate((int) (size - from));
            while (buf.hasRemaining() && ch.read(buf) > 0) {
                // read to the end
            }
            buf.flip();
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPLACE)
                    .onUnmappableCharacter(CodingErrorAction.REPLACE).decode(buf).toString();
            if (from > 0) {
                int nl = text.indexOf('\n');
                if (nl >= 0) text = text.substring(nl + 1);
            }
            text = maskWholeValues(text, secrets);
            return new TroubleReport.AttachedLog(file.getFileName().toString(), text,
                    text.getBytes(StandardCharsets.UTF_8).length, from > 0);
        } catch (IOException e) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Attach the driver log " + file, "the file cannot be read ("
                    + e.getClass().getSimpleName() + ")", "Check the path and that you may read it", "");
        }
    }

    /**
     * {@code text} with every value of {@code secrets} replaced by {@code ***} where it stands as a whole
     * token: not preceded or followed by a letter or digit. So {@code 10.10.1.5} is masked in
     * {@code "ip=10.10.1.5 "} and left alone inside {@code 10.10.1.50/24}.
     */
    static String maskWholeValues(String text, Secrets secrets) {
        String out = text;
        for (String v : secrets.values().values()) {
            if (v == null || v.isBlank()) continue;
            out = java.util.regex.Pattern.compile("(?<![\\p{Alnum}])" + java.util.regex.Pattern.quote(v) + "(?![\\p{Alnum}])")
                    .matcher(out).replaceAll("***");
        }
        return out;
    }

    /**
     * Where the report is made: host name, OS name, version and architecture, Java version and vendor,
     * user name. No environment variable (they may hold credentials).
     */
    public static Map<String, String> environment() {
        Map<String, String> m = new LinkedHashMap<>();
        String host;
        try {
            host = InetAddress.getLocalHost().getHostName();
        } catch (IOException e) {
            host = "unknown";
        }
        m.put("host", host);
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version"));
        m.put("arch", System.getProperty("os.arch"));
        m.put("java", System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")");
        m.put("user", System.getProperty("user.name"));
        return m;
    }


    private static String firstLine(String s) {
        if (s == null) return "";
        int nl = s.indexOf('\n');
        return nl < 0 ? s : s.substring(0, nl);
    }
}
