package org.csiconsole.core.csp;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * JSON reading and writing for the CSP wire: snake_case names, unknown fields ignored, nulls not
 * sent. Bodies that are empty, HTML or malformed become {@link FailureKind#PROTOCOL} failures whose
 * text never quotes the body (it may hold a token).
 */
final class CspJson {
    static final ObjectMapper MAPPER = JsonMapper.builder()
            .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private CspJson() {
    }

    /** Serializes a request DTO. */
    static byte[] write(Object dto) {
        try {
            return MAPPER.writeValueAsBytes(dto);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialize " + dto.getClass().getSimpleName(), e);
        }
    }

    /** Reads one object of {@code type}. */
    static <T> T readObject(CspHttp.Reply reply, Class<T> type, String what) {
        return read(reply, MAPPER.constructType(type), type.getSimpleName(), what);
    }

    /** Reads a JSON array of {@code type}; a single object is read as a list of one (the spec returns one for {@code volume_groups?name=}). */
    static <T> List<T> readList(CspHttp.Reply reply, Class<T> type, String what) {
        List<T> list = read(reply, MAPPER.getTypeFactory().constructCollectionType(List.class, type),
                "list of " + type.getSimpleName(), what);
        List<T> out = new ArrayList<>(list.size());
        for (T t : list) {
            if (t == null) throw protocol(what, "the list of " + type.getSimpleName() + " holds a null element");
            out.add(t);
        }
        return out;
    }

    private static <T> T read(CspHttp.Reply reply, JavaType type, String expected, String what) {
        byte[] body = reply.body();
        if (body.length == 0) {
            throw protocol(what, "HTTP " + reply.status() + " with an empty body where a " + expected + " was expected");
        }
        if (CspErrors.looksLikeHtml(reply.contentType(), body)) {
            throw new CallFailure(FailureKind.PROTOCOL, what,
                    "HTTP " + reply.status() + " with an HTML page instead of a CSP answer (likely a proxy or web server page)",
                    "Check the URL and context path (default " + CspConfig.DEFAULT_CONTEXT_PATH + ")", CspErrors.snippet(body));
        }
        try {
            JsonNode tree = MAPPER.readTree(body);
            if (tree == null || tree.isMissingNode()) throw protocol(what, "the answer holds no JSON value");
            T value = MAPPER.readerFor(type).readValue(tree);
            if (value == null) throw protocol(what, "the answer is JSON null where a " + expected + " was expected");
            return value;
        } catch (JsonMappingException e) {
            String path = e.getPath().stream()
                    .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
                    .collect(Collectors.joining("."));
            throw protocol(what, "the answer does not have the shape of a " + expected
                    + (path.isEmpty() ? "" : " (field '" + path + "' has the wrong type)"));
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? "" : " at line " + e.getLocation().getLineNr()
                    + ", column " + e.getLocation().getColumnNr();
            throw protocol(what, "the answer is malformed or incomplete JSON" + where + " (" + body.length + " bytes)");
        } catch (IOException e) {
            throw protocol(what, "the answer cannot be read as JSON");
        }
    }

    static CallFailure protocol(String what, String why) {
        return new CallFailure(FailureKind.PROTOCOL, what, why,
                "The CSP does not answer as the API describes: check the URL, the context path and the CSP version, and look at its log", "");
    }
}
