package org.csiconsole.views.volumes;

import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.views.form.Choice;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.views.port.Feature;
import org.csiconsole.views.port.Features;
import org.csiconsole.views.port.VolumeRequest;
import org.csiconsole.views.storage.Texts;

import java.util.Arrays;
import java.util.List;

/**
 * The forms of volume commands, with their checks, and their conversion to port requests. Checks
 * follow the CSI spec: a name is required (CreateVolume {@code name}, "SHOULD support at least 128
 * characters"), a size is a positive whole number of bytes, block volumes have no file system type,
 * a content source needs the matching capability (CLONE_VOLUME, or snapshots for a snapshot source)
 * and mutable parameters need MODIFY_VOLUME.
 */
public final class VolumeForms {
    /** Longest name accepted, in characters (CSI spec, "Size Limits": names up to 128). */
    public static final int MAX_NAME = 128;

    private VolumeForms() {
    }

    /**
     * The create-volume form.
     *
     * @param features what the connection offers (for the source and mutable parameter checks)
     * @param source a prefilled content source ({@link VolumeSource#NONE} for an empty volume)
     * @param sizeBytes a prefilled size in bytes, 0 for the default 1 GiB
     */
    public static Form create(Features features, VolumeSource source, long sizeBytes) {
        boolean clone = source.kind() != VolumeSource.Kind.NONE;
        Form f = new Form(clone ? "New volume from " + Texts.source(source).toLowerCase(java.util.Locale.ROOT) : "Create volume",
                "The volume is created with CreateVolume; the name makes the request safe to repeat.", "Create");
        f.addText("name", "Name", "", TextInput.Kind.LINE, "", VolumeForms::checkName);
        f.addText("size", "Size", sizeBytes > 0 ? ByteSize.format(sizeBytes).replace(" ", "") : "1GiB", TextInput.Kind.LINE,
                "A number with a unit: 10GiB, 500G, 1.5TiB, or bytes.", VolumeForms::checkSize);
        Choice<AccessType> type = f.addChoice("accessType", "Access type", List.of(AccessType.MOUNT, AccessType.BLOCK),
                AccessType.MOUNT, Texts::enumWords, "");
        f.addChoice("accessMode", "Access mode", Arrays.stream(AccessMode.values()).filter(m -> m != AccessMode.UNKNOWN).toList(),
                AccessMode.SINGLE_NODE_WRITER, Texts::enumWords, "");
        TextInput fsType = f.addText("fsType", "File system", "ext4", TextInput.Kind.LINE, "For mount volumes; leave empty for the plugin's default.",
                fs -> type.value().get() == AccessType.BLOCK && !fs.isBlank()
                        ? "A block volume has no file system: clear this field or choose Mount." : "", type.value());
        fsType.enabledWhen(type.value().isEqualTo(AccessType.MOUNT).or(fsType.text().isNotEmpty()));
        f.addText("parameters", "Parameters", "", TextInput.Kind.LINES, "One key=value per line, passed to the plugin as is.",
                Form::checkKeyValues);
        f.addText("mutableParameters", "Mutable parameters", "", TextInput.Kind.LINES,
                "key=value lines the plugin may change later (ControllerModifyVolume).", text -> {
                    String e = Form.checkKeyValues(text);
                    if (!e.isEmpty()) return e;
                    if (!text.isBlank() && !features.available(Feature.MODIFY_VOLUME)) return features.reason(Feature.MODIFY_VOLUME);
                    return "";
                });
        Choice<VolumeSource.Kind> kind = f.addChoice("sourceKind", "Source", List.of(VolumeSource.Kind.values()), source.kind(),
                k -> switch (k) {
                    case NONE -> "Empty volume";
                    case SNAPSHOT -> "From a snapshot";
                    case VOLUME -> "Clone of a volume";
                }, "");
        TextInput sourceId = f.addText("sourceId", "Source id", source.id(), TextInput.Kind.LINE, "The snapshot id or volume id to copy.", id -> {
            VolumeSource.Kind k = kind.value().get();
            if (k == null || k == VolumeSource.Kind.NONE) return "";
            if (id.isBlank()) return "Give the id of the " + (k == VolumeSource.Kind.SNAPSHOT ? "snapshot" : "volume") + " to copy.";
            Feature needed = k == VolumeSource.Kind.SNAPSHOT ? Feature.CLONE_FROM_SNAPSHOT : Feature.CLONE_VOLUME;
            return features.available(needed) ? "" : features.reason(needed);
        }, kind.value());
        sourceId.enabledWhen(kind.value().isNotEqualTo(VolumeSource.Kind.NONE));
        return f;
    }

    /** The request a valid create form describes. */
    public static VolumeRequest toRequest(Form f) {
        AccessType type = f.<AccessType>choice("accessType").value().get();
        AccessMode mode = f.<AccessMode>choice("accessMode").value().get();
        VolumeCapability cap = type == AccessType.BLOCK ? VolumeCapability.block(mode)
                : VolumeCapability.mount(mode, f.text("fsType").value());
        VolumeSource.Kind kind = f.<VolumeSource.Kind>choice("sourceKind").value().get();
        VolumeSource source = kind == VolumeSource.Kind.NONE ? VolumeSource.NONE : new VolumeSource(kind, f.text("sourceId").value());
        return new VolumeRequest(f.text("name").value(), ByteSize.parse(f.text("size").value()), List.of(cap),
                Form.parseKeyValues(f.text("parameters").text().get()),
                Form.parseKeyValues(f.text("mutableParameters").text().get()), source);
    }

    /** The expand form: a new size larger than {@code currentBytes}. */
    public static Form expand(String volumeName, long currentBytes) {
        Form f = new Form("Expand volume " + volumeName,
                "Now " + Texts.sizeWithBytes(currentBytes) + ". Volumes only grow: the new size must be larger.", "Expand");
        f.addText("size", "New size", "", TextInput.Kind.LINE, "A number with a unit: 20GiB, 1TiB, or bytes.", text -> {
            String e = checkSize(text);
            if (!e.isEmpty()) return e;
            long b = ByteSize.parse(text);
            return b <= currentBytes ? "The new size must be larger than " + Texts.size(currentBytes) + "." : "";
        });
        return f;
    }

    /** The modify form: mutable parameters as key=value lines, at least one. */
    public static Form modify(String volumeName) {
        Form f = new Form("Modify volume " + volumeName,
                "ControllerModifyVolume changes mutable parameters; the plugin decides which keys it accepts.", "Modify");
        f.addText("mutableParameters", "Mutable parameters", "", TextInput.Kind.LINES, "One key=value per line, e.g. iops=5000.",
                text -> {
                    String e = Form.checkKeyValues(text);
                    if (!e.isEmpty()) return e;
                    return Form.parseKeyValues(text).isEmpty() ? "Give at least one key=value to change." : "";
                });
        return f;
    }

    static String checkName(String name) {
        String n = name == null ? "" : name.strip();
        if (n.isEmpty()) return "A name is required: CreateVolume uses it to make the request safe to repeat.";
        if (n.length() > MAX_NAME) return "The name has " + n.length() + " characters; use at most " + MAX_NAME + ".";
        if (n.chars().anyMatch(Character::isWhitespace)) return "The name contains a space; use letters, digits, '-' or '.'.";
        return "";
    }

    static String checkSize(String text) {
        try {
            long b = ByteSize.parse(text);
            return b <= 0 ? "The size must be larger than 0 bytes." : "";
        } catch (IllegalArgumentException e) {
            return e.getMessage() + ".";
        }
    }
}
