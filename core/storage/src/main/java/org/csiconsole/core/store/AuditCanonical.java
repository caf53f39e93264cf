package org.csiconsole.core.store;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.csiconsole.core.audit.AuditRecord;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The canonical form of an audit entry and its link in the hash chain. The canonical form is
 * compact JSON with the fields in a fixed order and the targets' keys sorted; an entry's hash is
 * SHA-256 over the previous entry's hash (64 hex digits; {@link #GENESIS} before the first entry),
 * a line feed, and the canonical form, written as 64 lower-case hex digits.
 */
final class AuditCanonical {
    /** The "previous hash" of the first entry: 64 zeros. */
    static final String GENESIS = "0".repeat(64);

    static final ObjectMapper JSON = JsonMapper.builder().build();
    private static final TypeReference<Map<String, List<String>>> TARGETS = new TypeReference<>() {
    };

    private AuditCanonical() {
    }

    /** The entry's fields in the canonical order, as exported (JSON lines, CSV) and hashed. */
    static Map<String, Object> fields(long seq, AuditRecord r) {
        return r.fields(seq);
    }

    static byte[] canonical(long seq, AuditRecord r) {
        try {
            return JSON.writeValueAsBytes(fields(seq, r));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("audit entry " + seq + " cannot be written as JSON", e);
        }
    }

    static String hash(String previous, long seq, AuditRecord r) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            d.update(previous.getBytes(StandardCharsets.US_ASCII));
            d.update((byte) '\n');
            d.update(canonical(seq, r));
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JDK", e);
        }
    }

    static String targetsJson(Map<String, List<String>> targets) {
        try {
            return JSON.writeValueAsString(targets);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("targets cannot be written as JSON", e);
        }
    }

    /** Reads the targets column; text that is not such JSON reads as one entry under {@code "?"}, so a check still fails on it. */
    static Map<String, List<String>> targets(String json) {
        try {
            return JSON.readValue(json, TARGETS);
        } catch (JsonProcessingException e) {
            return Map.of("?", List.of(json));
        }
    }
}
