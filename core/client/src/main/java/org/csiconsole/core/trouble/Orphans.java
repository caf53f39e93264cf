package org.csiconsole.core.trouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Volume;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compares the volumes a driver lists with a list the admin holds, by volume id, and reads nothing
 * else: a {@code kubectl get pv -o json} export (PersistentVolumes whose {@code spec.csi.driver} is
 * the driver; the id is {@code spec.csi.volumeHandle}, the size {@code spec.capacity.storage}) or a
 * CSP array's volume list ({@code GET /containers/v1/volumes}: {@code id}, {@code name},
 * {@code size} in bytes; a bare array or an object with the array in {@code data} or {@code items}).
 */
public final class Orphans {
    private static final ObjectMapper JSON = new ObjectMapper();

    private Orphans() {
    }

    /**
     * The CSI volumes of {@code driver} in a PersistentVolume export ({@code kind: List} of
     * PersistentVolume, or one PersistentVolume).
     *
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when the file is not JSON or holds no PersistentVolume list
     */
    public static List<OrphanVolume> persistentVolumes(Path file, String driver) {
        JsonNode root = read(file);
        JsonNode items = root.has("items") ? root.get("items") : root.path("kind").asText().equals("PersistentVolume")
                ? JSON.createArrayNode().add(root) : null;
        if (items == null || !items.isArray()) {
            throw invalid(file, "it holds no PersistentVolume list (no items)", "Export with: kubectl get pv -o json > pvs.json");
        }
        List<OrphanVolume> out = new ArrayList<>();
        for (JsonNode pv : items) {
            JsonNode csi = pv.path("spec").path("csi");
            if (!driver.equals(csi.path("driver").asText())) continue;
            String handle = csi.path("volumeHandle").asText("");
            if (handle.isEmpty()) continue;
            out.add(new OrphanVolume(handle, pv.path("metadata").path("name").asText(""), quantity(pv.path("spec").path("capacity").path("storage").asText(""))));
        }
        return out;
    }

    /**
     * The volumes of a CSP array's volume list.
     *
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when the file is not JSON or holds no volume array
     */
    public static List<OrphanVolume> cspVolumes(Path file) {
        JsonNode root = read(file);
        JsonNode items = root.isArray() ? root : root.has("data") ? root.get("data") : root.get("items");
        if (items == null || !items.isArray()) {
            throw invalid(file, "it holds no array of volumes", "Save the answer of GET /containers/v1/volumes as it is");
        }
        List<OrphanVolume> out = new ArrayList<>();
        for (JsonNode v : items) {
            String id = v.path("id").asText("");
            if (id.isEmpty()) continue;
            out.add(new OrphanVolume(id, v.path("name").asText(""), v.path("size").canConvertToLong() ? v.path("size").asLong()
                    : v.path("size").isTextual() ? quantity(v.path("size").asText()) : -1));
        }
        return out;
    }

    /**
     * The volumes on one side only, each list sorted by id.
     *
     * @param driverVolumes what ListVolumes returned
     * @param list the admin's list
     */
    public static OrphanReport compare(String driver, String listSource, List<Volume> driverVolumes, List<OrphanVolume> list) {
        Map<String, OrphanVolume> mine = new LinkedHashMap<>();
        for (Volume v : driverVolumes) mine.put(v.volumeId(), new OrphanVolume(v.volumeId(), v.name(), v.capacityBytes()));
        Map<String, OrphanVolume> theirs = new LinkedHashMap<>();
        for (OrphanVolume v : list) theirs.putIfAbsent(v.volumeId(), v);
        List<OrphanVolume> driverOnly = new ArrayList<>();
        int matched = 0;
        for (OrphanVolume v : mine.values()) {
            if (theirs.containsKey(v.volumeId())) matched++;
            else driverOnly.add(v);
        }
        List<OrphanVolume> listOnly = new ArrayList<>();
        for (OrphanVolume v : theirs.values()) {
            if (!mine.containsKey(v.volumeId())) listOnly.add(v);
        }
        driverOnly.sort(Comparator.comparing(OrphanVolume::volumeId));
        listOnly.sort(Comparator.comparing(OrphanVolume::volumeId));
        return new OrphanReport(driver, listSource, matched, driverOnly, listOnly);
    }

    /** A Kubernetes quantity ({@code 10Gi}, {@code 500M}, {@code 1073741824}) in bytes; -1 when it is none. */
    static long quantity(String q) {
        if (q == null || q.isBlank()) return -1;
        try {
            return ByteSize.parse(q.strip());
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }

    private static JsonNode read(Path file) {
        try {
            return JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw invalid(file, "it cannot be read as JSON (" + e.getClass().getSimpleName() + ")", "Check the path and the file's content");
        }
    }

    private static CallFailure invalid(Path file, String why, String whatToDo) {
        return new CallFailure(FailureKind.INVALID_ARGUMENT, "Read " + file, why, whatToDo, "");
    }
}
