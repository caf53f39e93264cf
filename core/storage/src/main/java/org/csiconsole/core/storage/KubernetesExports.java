package org.csiconsole.core.storage;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ExportReader;
import org.csiconsole.core.record.ImportResult;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link ExportReader} over Jackson's tree model: Kubernetes {@code v1 PersistentVolume} and
 * {@code snapshot.storage.k8s.io/v1 VolumeSnapshotContent} objects as {@code kubectl get ... -o json}
 * prints them (a {@code List} with {@code items}, or one object). Fields the console does not use are
 * ignored; a field it needs that is missing or of the wrong type fails naming the file and the field.
 */
public final class KubernetesExports implements ExportReader {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** CSI's per-operation secret references on a PV ({@code spec.csi.*SecretRef}). */
    private static final List<String> SECRET_REFS = List.of("controllerPublishSecretRef", "nodeStageSecretRef", "nodePublishSecretRef",
            "controllerExpandSecretRef", "nodeExpandSecretRef");

    @Override
    public ImportResult persistentVolumes(Path file, String driver, Instant at) {
        Reading r = new Reading(file, "PV export", "kubectl get pv -o json");
        List<RecordedItem> out = new ArrayList<>();
        int other = 0;
        int notCsi = 0;
        List<JsonNode> items = r.items("PersistentVolume");
        for (int i = 0; i < items.size(); i++) {
            String at0 = "items[" + i + "]";
            JsonNode pv = items.get(i);
            JsonNode csi = pv.path("spec").path("csi");
            if (csi.isMissingNode() || csi.isNull()) {
                notCsi++;
                continue;
            }
            if (!driver.equals(r.text(csi, at0 + ".spec.csi.driver", true))) {
                other++;
                continue;
            }
            String handle = r.text(csi, at0 + ".spec.csi.volumeHandle", true);
            String pvName = r.text(pv.path("metadata"), at0 + ".metadata.name", false);
            Map<String, String> d = new LinkedHashMap<>();
            d.put("pv", pvName);
            JsonNode spec = pv.path("spec");
            JsonNode claim = spec.path("claimRef");
            if (claim.isObject()) {
                d.put("claim", r.text(claim, at0 + ".spec.claimRef.namespace", false) + "/" + r.text(claim, at0 + ".spec.claimRef.name", true));
            }
            String sc = r.text(spec, at0 + ".spec.storageClassName", false);
            if (!sc.isEmpty()) d.put("storage_class", sc);
            List<String> modes = r.strings(spec.path("accessModes"), at0 + ".spec.accessModes");
            if (!modes.isEmpty()) d.put("access_modes", String.join(",", modes));
            String fs = r.text(csi, at0 + ".spec.csi.fsType", false);
            if (!fs.isEmpty()) d.put("fs_type", fs);
            for (String ref : SECRET_REFS) {
                JsonNode s = csi.path(ref);
                if (!s.isObject()) continue;
                String where = at0 + ".spec.csi." + ref;
                d.put("secret." + ref.substring(0, ref.length() - "SecretRef".length()),
                        r.text(s, where + ".namespace", false) + "/" + r.text(s, where + ".name", true));
            }
            JsonNode attrs = csi.path("volumeAttributes");
            if (attrs.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = attrs.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    if (!e.getValue().isTextual()) throw r.bad(at0 + ".spec.csi.volumeAttributes[\"" + e.getKey() + "\"]", "is not a string");
                    d.put("attribute." + e.getKey(), e.getValue().asText());
                }
            }
            long size = r.size(spec.path("capacity").path("storage"), at0 + ".spec.capacity.storage");
            out.add(RecordedItem.of(RecordKind.VOLUME, handle, pvName, VolumeSource.NONE, RecordOrigin.PV_EXPORT, size, d, at));
        }
        return new ImportResult(file.toString(), RecordKind.VOLUME, out, other, notCsi);
    }

    @Override
    public ImportResult snapshotContents(Path file, String driver, Instant at) {
        Reading r = new Reading(file, "VolumeSnapshotContent export", "kubectl get volumesnapshotcontents -o json");
        List<RecordedItem> out = new ArrayList<>();
        int other = 0;
        List<JsonNode> items = r.items("VolumeSnapshotContent");
        for (int i = 0; i < items.size(); i++) {
            String at0 = "items[" + i + "]";
            JsonNode vsc = items.get(i);
            JsonNode spec = vsc.path("spec");
            if (!driver.equals(r.text(spec, at0 + ".spec.driver", true))) {
                other++;
                continue;
            }
            JsonNode source = spec.path("source");
            String handle = r.text(vsc.path("status"), at0 + ".status.snapshotHandle", false);
            if (handle.isEmpty()) handle = r.text(source, at0 + ".spec.source.snapshotHandle", false);
            if (handle.isEmpty()) {
                throw r.bad(at0 + ".status.snapshotHandle", "is missing, and so is " + at0 + ".spec.source.snapshotHandle");
            }
            String volume = r.text(source, at0 + ".spec.source.volumeHandle", false);
            String name = r.text(vsc.path("metadata"), at0 + ".metadata.name", false);
            Map<String, String> d = new LinkedHashMap<>();
            d.put("volume_snapshot_content", name);
            JsonNode ref = spec.path("volumeSnapshotRef");
            if (ref.isObject()) {
                d.put("volume_snapshot", r.text(ref, at0 + ".spec.volumeSnapshotRef.namespace", false) + "/"
                        + r.text(ref, at0 + ".spec.volumeSnapshotRef.name", true));
            }
            String cls = r.text(spec, at0 + ".spec.volumeSnapshotClassName", false);
            if (!cls.isEmpty()) d.put("snapshot_class", cls);
            String policy = r.text(spec, at0 + ".spec.deletionPolicy", false);
            if (!policy.isEmpty()) d.put("deletion_policy", policy);
            long size = r.size(vsc.path("status").path("restoreSize"), at0 + ".status.restoreSize");
            out.add(RecordedItem.of(RecordKind.SNAPSHOT, handle, name, volume.isEmpty() ? VolumeSource.NONE : VolumeSource.volume(volume),
                    RecordOrigin.SNAPSHOT_CONTENT_EXPORT, size, d, at));
        }
        return new ImportResult(file.toString(), RecordKind.SNAPSHOT, out, other, 0);
    }

    /** One file being read: its tree, and failures that name it and the field. */
    private static final class Reading {
        private final Path file;
        private final String what;
        private final String command;
        private final JsonNode root;

        Reading(Path file, String what, String command) {
            this.file = file;
            this.what = what;
            this.command = command;
            try {
                this.root = JSON.readTree(Files.readAllBytes(file));
            } catch (JsonProcessingException e) {
                throw failure("it is not JSON (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ": "
                        + e.getOriginalMessage() + ")", e);
            } catch (IOException e) {
                throw new CallFailure(FailureKind.INVALID_ARGUMENT, org.csiconsole.core.call.FailureOwner.CHECKED, "Import the " + what + " " + file,
                        "the file cannot be read (" + e.getClass().getSimpleName() + ": " + e.getMessage() + ")",
                        "Check the path and that the file is readable", "", e);
            }
            if (root == null || !root.isObject()) throw failure("it holds no JSON object", null);
        }

        private CallFailure failure(String why, Throwable cause) {
            // the console's input, read before anything is sent: never the driver's failure
            return new CallFailure(FailureKind.INVALID_ARGUMENT, org.csiconsole.core.call.FailureOwner.CHECKED, "Import the " + what + " " + file,
                    why, "Export it again with " + command + " and import that file", "", cause);
        }

        CallFailure bad(String field, String why) {
            return failure("field " + field + " " + why, null);
        }

        /** The objects of a List export ({@code items}), or the one object of kind {@code kind}. */
        List<JsonNode> items(String kind) {
            String k = root.path("kind").asText("");
            if (k.equals(kind)) return List.of(root);
            JsonNode items = root.get("items");
            if (items == null) {
                throw bad("items", "is missing" + (k.isEmpty() ? "" : " (the file holds a " + k + ", not a list of " + kind + "s)"));
            }
            if (!items.isArray()) throw bad("items", "is not a list");
            List<JsonNode> out = new ArrayList<>();
            for (int i = 0; i < items.size(); i++) {
                JsonNode n = items.get(i);
                if (!n.isObject()) throw bad("items[" + i + "]", "is not an object");
                String ik = n.path("kind").asText(kind);
                if (!ik.equals(kind)) throw bad("items[" + i + "].kind", "is " + ik + ", not " + kind);
                out.add(n);
            }
            return out;
        }

        /** The string {@code node.<last part of field>}; empty when absent and not {@code required}. */
        String text(JsonNode parent, String field, boolean required) {
            JsonNode n = parent.get(field.substring(field.lastIndexOf('.') + 1));
            if (n == null || n.isNull()) {
                if (required) throw bad(field, "is missing");
                return "";
            }
            if (!n.isTextual()) throw bad(field, "is not a string");
            if (required && n.asText().isBlank()) throw bad(field, "is empty");
            return n.asText();
        }

        List<String> strings(JsonNode n, String field) {
            if (n.isMissingNode() || n.isNull()) return List.of();
            if (!n.isArray()) throw bad(field, "is not a list");
            List<String> out = new ArrayList<>();
            for (int i = 0; i < n.size(); i++) {
                if (!n.get(i).isTextual()) throw bad(field + "[" + i + "]", "is not a string");
                out.add(n.get(i).asText());
            }
            return out;
        }

        /** A Kubernetes quantity ({@code "10Gi"}) or a byte count; 0 when absent. */
        long size(JsonNode n, String field) {
            if (n.isMissingNode() || n.isNull()) return 0;
            if (n.canConvertToLong() && n.isIntegralNumber()) return n.asLong();
            if (!n.isTextual()) throw bad(field, "is not a quantity");
            try {
                return ByteSize.parse(n.asText());
            } catch (IllegalArgumentException e) {
                throw bad(field, "is not a quantity: " + e.getMessage());
            }
        }
    }
}
