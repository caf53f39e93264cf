package org.csiconsole.core.reference.training;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.VolumeGroupRecord;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.calls.ServedCall;

/**
 * What checks read: the scenario plugin's model and call log, the report folder, and what the run
 * remembers (when a site was lost). Names in scenario files are the names objects were created with
 * (CreateVolume's name); ids are resolved here.
 */
final class Facts {
    final ReferencePlugin plugin;
    final Path reportFolder;
    /** When each site_down fault fired, epoch ms, by site; cleared on reset. */
    final Map<String, Long> siteLostAtMs = new ConcurrentHashMap<>();

    Facts(ReferencePlugin plugin, Path reportFolder) {
        this.plugin = plugin;
        this.reportFolder = reportFolder;
    }

    ArrayModel model() {
        return plugin.model();
    }

    Optional<VolumeRecord> volume(String name) {
        return model().volumes().byName(name);
    }

    Optional<VolumeGroupRecord> group(String name) {
        return model().groups().byName(name);
    }

    /** The id of a volume or volume group of this name. */
    Optional<String> idOf(String name) {
        return volume(name).map(VolumeRecord::id).or(() -> group(name).map(VolumeGroupRecord::id));
    }

    /** The name of a volume or group id, the id itself when unknown. */
    String nameOf(String id) {
        return model().volumes().get(id).map(VolumeRecord::name)
                .or(() -> model().groups().get(id).map(VolumeGroupRecord::name)).orElse(id);
    }

    List<ServedCall> calls() {
        return plugin.callLog().calls();
    }

    /** Every {@code report.json} in the report folder or one level below it. */
    List<Path> reports() {
        if (!Files.isDirectory(reportFolder)) return List.of();
        try (Stream<Path> s = Files.walk(reportFolder, 2)) {
            return s.filter(p -> p.getFileName().toString().equals("report.json") && Files.isRegularFile(p)).sorted().toList();
        } catch (IOException e) {
            return List.of();
        }
    }
}
