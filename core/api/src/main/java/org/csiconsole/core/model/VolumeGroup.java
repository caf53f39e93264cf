package org.csiconsole.core.model;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A volume group (hpe-csp-rest-spec.md, object {@code VolumeGroup}; OpenAPI 1.1.0
 * {@code VolumeGroupConfig}: {@code replication_partner}, {@code protection_template}).
 *
 * @param id the group {@code id}; never empty
 * @param name the group name
 * @param description free text, empty when none
 * @param volumes member volumes as the CSP lists them (often only id and name); never null
 * @param creationTime when the group was created; null when not reported
 * @param config the group {@code config} map, values rendered as text; never null
 * @param origin which protocol this record came from
 */
public record VolumeGroup(
        String id,
        String name,
        String description,
        List<Volume> volumes,
        Instant creationTime,
        Map<String, String> config,
        Origin origin) {

    public VolumeGroup {
        Objects.requireNonNull(id, "id");
        name = name == null ? "" : name;
        description = description == null ? "" : description;
        volumes = volumes == null ? List.of() : List.copyOf(volumes);
        config = config == null ? Map.of() : Map.copyOf(config);
        Objects.requireNonNull(origin, "origin");
    }
}
