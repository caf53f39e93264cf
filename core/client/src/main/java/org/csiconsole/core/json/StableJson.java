package org.csiconsole.core.json;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.datatype.jsr310.JavaTimeModule;

/**
 * The one configuration of the JSON the console writes for people and scripts ({@code --output
 * json}, reports, exports): map entries sorted by key, so two runs against the same state give the
 * same bytes and can be diffed (a record's {@code Map} fields, such as {@code volumeContext} and
 * {@code parameters}, come from immutable maps whose order changes from one run to the next);
 * {@code java.time} values as ISO-8601 text. Record fields keep their declared order.
 */
public final class StableJson {
    /** Indented, for output a person reads. */
    public static final ObjectMapper INDENTED = builder().enable(SerializationFeature.INDENT_OUTPUT).build();
    /** On one line, for JSON Lines and machine output. */
    public static final ObjectMapper COMPACT = builder().build();

    private StableJson() {
    }

    /** A builder with the stable configuration, for a mapper that needs more (modules, reading options). */
    public static JsonMapper.Builder builder() {
        return JsonMapper.builder().addModule(new JavaTimeModule())
                .disable(SerializationFeature.WRITE_DATES_AS_TIMESTAMPS)
                .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS);
    }
}
