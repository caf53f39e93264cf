package org.csiconsole.core.trace;

import com.fasterxml.jackson.databind.JsonNode;
import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * A csc command (github.com/dell/gocsi, {@code csc/cmd}) that sends a traced CSI request again, for
 * the RPCs csc has a command for:
 * <pre>
 * X_CSI_SECRETS='password=&lt;secret:secrets.password&gt;' csc controller create-volume \
 *     --endpoint unix:///csi/csi.sock --req-bytes 1073741824 --cap SINGLE_NODE_WRITER,mount,ext4 pvc-1
 * </pre>
 * The request's fields map onto csc's flags ({@code --cap ACCESS_MODE,ACCESS_TYPE[,FS_TYPE,MOUNT_FLAGS]},
 * {@code --params k=v}, {@code --vol-context}, {@code --pub-context}, {@code --node-id},
 * {@code --target-path}, {@code --staging-target-path}, {@code --req-bytes}, ...), ids are its
 * positional arguments, and secrets go in the {@code X_CSI_SECRETS} environment variable csc reads
 * ({@code key=value,...}), as placeholders. A request csc cannot express (a second capability where
 * it takes one, a mount flag or map value with a comma) has no command.
 */
final class CscCommand {
    static final String TOOL = "csc";

    /** What csc sends for each RPC it has a command for: its subcommand and how the request maps onto its arguments. */
    private static final Map<String, CscRequestShape> SHAPES = Map.ofEntries(
            Map.entry("csi.v1.Identity/GetPluginInfo", new CscRequestShape("identity plugin-info", (r, a) -> { })),
            Map.entry("csi.v1.Identity/GetPluginCapabilities", new CscRequestShape("identity plugin-capabilities", (r, a) -> { })),
            Map.entry("csi.v1.Identity/Probe", new CscRequestShape("identity probe", (r, a) -> { })),
            Map.entry("csi.v1.Controller/ControllerGetCapabilities", new CscRequestShape("controller get-capabilities", (r, a) -> { })),
            Map.entry("csi.v1.Controller/CreateVolume", new CscRequestShape("controller create-volume", (r, a) -> {
                a.capacity(r.path("capacityRange"));
                a.caps(r.path("volumeCapabilities"), false);
                a.map("--params", r.path("parameters"));
                JsonNode source = r.path("volumeContentSource");
                a.flag("--source-volume", source.path("volume").path("volumeId"));
                a.flag("--source-snapshot", source.path("snapshot").path("snapshotId"));
                a.refuse(r, "mutableParameters", "accessibilityRequirements");
                a.positional(r.path("name"));
            })),
            Map.entry("csi.v1.Controller/DeleteVolume", new CscRequestShape("controller delete-volume", (r, a) -> a.positional(r.path("volumeId")))),
            Map.entry("csi.v1.Controller/ControllerPublishVolume", new CscRequestShape("controller publish", (r, a) -> {
                a.flag("--node-id", r.path("nodeId"));
                a.caps(r.path("volumeCapability"), true);
                a.map("--vol-context", r.path("volumeContext"));
                a.bool("--read-only", r.path("readonly"));
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Controller/ControllerUnpublishVolume", new CscRequestShape("controller unpublish", (r, a) -> {
                a.flag("--node-id", r.path("nodeId"));
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Controller/ValidateVolumeCapabilities", new CscRequestShape("controller validate-volume-capabilities", (r, a) -> {
                a.caps(r.path("volumeCapabilities"), false);
                a.map("--params", r.path("parameters"));
                a.map("--vol-context", r.path("volumeContext"));
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Controller/ListVolumes", new CscRequestShape("controller list-volumes", (r, a) -> {
                a.flag("--max-entries", r.path("maxEntries"));
                a.flag("--starting-token", r.path("startingToken"));
            })),
            Map.entry("csi.v1.Controller/ControllerExpandVolume", new CscRequestShape("controller expand-volume", (r, a) -> {
                a.capacity(r.path("capacityRange"));
                a.caps(r.path("volumeCapability"), true);
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Controller/CreateSnapshot", new CscRequestShape("controller create-snapshot", (r, a) -> {
                a.flag("--source-volume", r.path("sourceVolumeId"));
                a.map("--params", r.path("parameters"));
                a.positional(r.path("name"));
            })),
            Map.entry("csi.v1.Controller/DeleteSnapshot", new CscRequestShape("controller delete-snapshot", (r, a) -> a.positional(r.path("snapshotId")))),
            Map.entry("csi.v1.Controller/ListSnapshots", new CscRequestShape("controller list-snapshots", (r, a) -> {
                a.flag("--max-entries", r.path("maxEntries"));
                a.flag("--starting-token", r.path("startingToken"));
                a.flag("--source-volume-id", r.path("sourceVolumeId"));
                a.flag("--snapshot-id", r.path("snapshotId"));
            })),
            Map.entry("csi.v1.Node/NodeStageVolume", new CscRequestShape("node stage", (r, a) -> {
                a.flag("--staging-target-path", r.path("stagingTargetPath"));
                a.caps(r.path("volumeCapability"), true);
                a.map("--vol-context", r.path("volumeContext"));
                a.map("--pub-context", r.path("publishContext"));
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Node/NodeUnstageVolume", new CscRequestShape("node unstage", (r, a) -> {
                a.flag("--staging-target-path", r.path("stagingTargetPath"));
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Node/NodePublishVolume", new CscRequestShape("node publish", (r, a) -> {
                a.flag("--target-path", r.path("targetPath"));
                a.flag("--staging-target-path", r.path("stagingTargetPath"));
                a.caps(r.path("volumeCapability"), true);
                a.map("--vol-context", r.path("volumeContext"));
                a.map("--pub-context", r.path("publishContext"));
                a.bool("--read-only", r.path("readonly"));
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Node/NodeUnpublishVolume", new CscRequestShape("node unpublish", (r, a) -> {
                a.flag("--target-path", r.path("targetPath"));
                a.positional(r.path("volumeId"));
            })),
            Map.entry("csi.v1.Node/NodeGetVolumeStats", new CscRequestShape("node stats", (r, a) -> {
                String staging = r.path("stagingTargetPath").asText("");
                a.positional(r.path("volumeId").asText("") + ":" + r.path("volumePath").asText("") + (staging.isEmpty() ? "" : ":" + staging));
            })),
            Map.entry("csi.v1.Node/NodeExpandVolume", new CscRequestShape("node expand-volume", (r, a) -> {
                a.capacity(r.path("capacityRange"));
                a.flag("--staging-target-path", r.path("stagingTargetPath"));
                a.caps(r.path("volumeCapability"), true);
                a.positional(r.path("volumeId"));
                a.positional(r.path("volumePath"));
            })),
            Map.entry("csi.v1.Node/NodeGetInfo", new CscRequestShape("node get-info", (r, a) -> { })),
            Map.entry("csi.v1.Node/NodeGetCapabilities", new CscRequestShape("node get-capabilities", (r, a) -> { })));

    private CscCommand() {
    }

    static TraceCommand of(TraceEntry e) {
        if (!TraceEntry.GRPC.equals(e.protocol())) return TraceCommand.unavailable(TOOL, "csc speaks CSI gRPC; this is a REST request (copy it as curl)");
        CscRequestShape shape = SHAPES.get(e.method());
        if (shape == null) {
            return TraceCommand.unavailable(TOOL, "csc has no command for " + e.shortMethod() + " (copy it as grpcurl)");
        }
        if (GrpcurlCommand.address(e.endpoint()).isEmpty()) return TraceCommand.unavailable(TOOL, GrpcurlCommand.unreachable(e.endpoint()));
        RequestTree request = RequestTree.of(e);
        if (!request.ok()) return TraceCommand.unavailable(TOOL, request.problem());
        Args args = new Args();
        shape.fill().accept(request.tree(), args);
        if (!args.problem.isEmpty()) return TraceCommand.unavailable(TOOL, "csc cannot send this request: " + args.problem + " (copy it as grpcurl)");
        List<String> argv = new ArrayList<>();
        String secrets = secrets(request.tree().path("secrets"));
        if (!secrets.isEmpty()) argv.add("X_CSI_SECRETS=" + secrets);
        argv.add(TOOL);
        argv.addAll(List.of(shape.command().split(" ")));
        argv.addAll(List.of("--endpoint", e.endpoint().startsWith("/") ? "unix://" + e.endpoint() : e.endpoint()));
        argv.addAll(args.flags);
        argv.addAll(args.positional);
        StringBuilder text = new StringBuilder();
        for (String w : argv) {
            if (text.length() > 0) text.append(' ');
            text.append(w.startsWith("X_CSI_SECRETS=") ? ShellWords.assignment(w) : ShellWords.quote(w));
        }
        return new TraceCommand(TOOL, argv, text.toString(), "");
    }

    /** The request's secrets (already placeholders) as csc's {@code X_CSI_SECRETS} value: {@code key=value,...}. */
    private static String secrets(JsonNode secrets) {
        StringBuilder b = new StringBuilder();
        Iterator<Map.Entry<String, JsonNode>> it = secrets.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> s = it.next();
            if (b.length() > 0) b.append(',');
            b.append(s.getKey()).append('=').append(s.getValue().asText());
        }
        return b.toString();
    }

    private record CscRequestShape(String command, BiConsumer<JsonNode, Args> fill) {
    }

    /** The flags and positional arguments of one csc command, and what csc cannot express. */
    private static final class Args {
        final List<String> flags = new ArrayList<>();
        final List<String> positional = new ArrayList<>();
        String problem = "";

        void flag(String name, JsonNode value) {
            if (value.isMissingNode() || value.isNull() || value.asText().isEmpty()) return;
            flags.add(name);
            flags.add(value.asText());
        }

        void bool(String name, JsonNode value) {
            if (value.asBoolean(false)) flags.add(name);
        }

        void positional(JsonNode value) {
            positional(value.asText(""));
        }

        void positional(String value) {
            positional.add(value);
        }

        void capacity(JsonNode range) {
            flag("--req-bytes", range.path("requiredBytes"));
            flag("--lim-bytes", range.path("limitBytes"));
        }

        /** {@code --cap} once per capability; {@code single}: csc takes only one for this call. */
        void caps(JsonNode caps, boolean single) {
            List<JsonNode> list = new ArrayList<>();
            if (caps.isArray()) caps.forEach(list::add);
            else if (caps.isObject()) list.add(caps);
            if (single && list.size() > 1) problem("it takes one volume capability, the request has " + list.size());
            for (JsonNode c : list) {
                String mode = c.path("accessMode").path("mode").asText("UNKNOWN");
                StringBuilder cap = new StringBuilder(mode);
                if (c.has("block")) {
                    cap.append(",block");
                } else {
                    JsonNode mount = c.path("mount");
                    cap.append(",mount");
                    List<String> flagsOfMount = new ArrayList<>();
                    mount.path("mountFlags").forEach(f -> flagsOfMount.add(f.asText()));
                    String fs = mount.path("fsType").asText("");
                    if (!fs.isEmpty() || !flagsOfMount.isEmpty()) cap.append(',').append(fs);
                    for (String f : flagsOfMount) {
                        if (f.contains(",")) problem("the mount flag '" + f + "' holds a comma");
                        cap.append(',').append(f);
                    }
                    if (mount.has("volumeMountGroup")) problem("csc has no flag for volume_mount_group");
                }
                flags.add("--cap");
                flags.add(cap.toString());
            }
        }

        /** {@code --flag k=v} once per entry. */
        void map(String name, JsonNode map) {
            Iterator<Map.Entry<String, JsonNode>> it = map.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String v = e.getValue().asText();
                if (v.contains(",") || e.getKey().contains(",") || e.getKey().contains("=")) {
                    problem("the " + name.substring(2) + " entry '" + e.getKey() + "' holds a comma or an equals sign");
                }
                flags.add(name);
                flags.add(e.getKey() + "=" + v);
            }
        }

        /** csc has no flag for these fields: a request that sets one cannot be sent by csc. */
        void refuse(JsonNode request, String... fields) {
            for (String f : fields) if (request.has(f)) problem("csc has no flag for " + f);
        }

        private void problem(String p) {
            if (problem.isEmpty()) problem = p;
        }
    }
}
