package org.csiconsole.core.trouble;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The CSI volumes the kubelet mounted for pods on this node, from the files it keeps under its root
 * directory: {@code <root>/pods/<pod uid>/volumes/kubernetes.io~csi/<pv name>/vol_data.json} holds the
 * {@code driverName} and {@code volumeHandle} (the volume_id) of a volume published at the
 * {@code mount} directory beside it (the target_path the kubelet gave NodePublishVolume).
 */
final class KubeletVolumes {
    private static final ObjectMapper JSON = new ObjectMapper();

    /**
     * A volume the kubelet published for a pod.
     *
     * @param volumeId the volume_id
     * @param targetPath the mount directory (the NodePublishVolume target_path)
     * @param pvName the PersistentVolume's name (the directory name)
     */
    record Mounted(String volumeId, Path targetPath, String pvName) {
    }

    private KubeletVolumes() {
    }

    /** The volumes of {@code driver} published under {@code root}, at most {@code limit}; empty when none can be read. */
    static List<Mounted> of(Path root, String driver, int limit) {
        List<Mounted> out = new ArrayList<>();
        Path pods = root.resolve("pods");
        if (!Files.isDirectory(pods)) return out;
        try (DirectoryStream<Path> podDirs = Files.newDirectoryStream(pods)) {
            for (Path pod : podDirs) {
                Path csi = pod.resolve("volumes").resolve("kubernetes.io~csi");
                if (!Files.isDirectory(csi)) continue;
                try (DirectoryStream<Path> vols = Files.newDirectoryStream(csi)) {
                    for (Path v : vols) {
                        Path data = v.resolve("vol_data.json");
                        if (!Files.isRegularFile(data)) continue;
                        try {
                            JsonNode n = JSON.readTree(data.toFile());
                            if (!driver.equals(n.path("driverName").asText())) continue;
                            String handle = n.path("volumeHandle").asText("");
                            if (handle.isEmpty()) continue;
                            out.add(new Mounted(handle, v.resolve("mount"), v.getFileName().toString()));
                            if (out.size() >= limit) return out;
                        } catch (IOException e) {
                            // a file being written or not JSON: skip it
                        }
                    }
                } catch (IOException e) {
                    // not readable: skip this pod
                }
            }
        } catch (IOException e) {
            return out;
        }
        return out;
    }
}
