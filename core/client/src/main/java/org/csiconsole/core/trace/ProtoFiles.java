package org.csiconsole.core.trace;

import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The .proto files the console speaks (csi.proto v1.12.0 and the csi-addons protos, as in
 * {@code core/client/src/main/proto}), bundled as resources, and which file declares which gRPC
 * service, read from the generated descriptors. grpcurl needs the files on disk
 * ({@code -import-path DIR -proto csiaddons/replication.proto}); {@link #export} writes them there.
 */
final class ProtoFiles {
    /** Where the bundled copies are on the class path. */
    static final String RESOURCE_ROOT = "org/csiconsole/core/trace/protos/";

    private static final List<FileDescriptor> FILES = List.of(csi.v1.Csi.getDescriptor(),
            identity.IdentityProto.getDescriptor(), replication.Replication.getDescriptor(),
            reclaimspace.ReclaimSpace.getDescriptor(), fence.Fence.getDescriptor(),
            volumegroup.VolumeGroupProto.getDescriptor(), encryptionkeyrotation.EncryptionKeyRotation.getDescriptor());

    private static final Map<String, String> FILE_OF_SERVICE = servicesToFiles();

    private ProtoFiles() {
    }

    private static Map<String, String> servicesToFiles() {
        Map<String, String> m = new LinkedHashMap<>();
        for (FileDescriptor f : FILES) {
            for (ServiceDescriptor s : f.getServices()) m.put(s.getFullName(), f.getName());
        }
        return Map.copyOf(m);
    }

    /** The file names relative to the import root: {@code csi.proto}, {@code csiaddons/replication.proto}, ... */
    static List<String> names() {
        return FILES.stream().map(FileDescriptor::getName).toList();
    }

    /**
     * The file that declares the service of {@code fullMethod} ({@code csi.v1.Controller/CreateVolume}
     * gives {@code csi.proto}); empty for a service the console does not know.
     */
    static Optional<String> fileOf(String fullMethod) {
        int slash = fullMethod.lastIndexOf('/');
        String service = slash < 0 ? fullMethod : fullMethod.substring(0, slash);
        return Optional.ofNullable(FILE_OF_SERVICE.get(service));
    }

    /**
     * Writes every file below {@code dir} (creating it), leaving a file that already holds the same
     * bytes untouched; each is written next to its place and moved there.
     *
     * @return {@code dir}
     * @throws IOException when a file cannot be written, or a bundled file is missing from the class path
     */
    static Path export(Path dir) throws IOException {
        for (String name : names()) {
            byte[] bytes;
            try (InputStream in = ProtoFiles.class.getClassLoader().getResourceAsStream(RESOURCE_ROOT + name)) {
                if (in == null) throw new IOException("the console's copy of " + name + " is missing from its class path");
                bytes = in.readAllBytes();
            }
            Path target = dir.resolve(name);
            if (Files.isRegularFile(target) && Arrays.equals(Files.readAllBytes(target), bytes)) continue;
            Files.createDirectories(target.getParent());
            Path tmp = Files.createTempFile(target.getParent(), target.getFileName().toString(), ".tmp");
            try {
                Files.write(tmp, bytes);
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
        }
        return dir;
    }
}
