package org.csiconsole.views.volumes;

import org.csiconsole.core.model.CapabilityValidation;

import java.util.Objects;

/**
 * What ValidateVolumeCapabilities answered for one volume, and the same in words for a person
 * ({@code "Confirmed: csi.example.com supports mount (ext4), single node writer for vol-1."} or
 * {@code "Not confirmed: <the driver's message>"}): the outcome of the volumes view's validate task.
 *
 * @param result the driver's answer
 * @param words the answer in words; never empty
 */
public record CapabilityCheck(CapabilityValidation result, String words) {
    public CapabilityCheck {
        Objects.requireNonNull(result, "result");
        Objects.requireNonNull(words, "words");
    }
}
