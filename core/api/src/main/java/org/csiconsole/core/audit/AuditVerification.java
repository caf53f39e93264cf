package org.csiconsole.core.audit;

import java.util.OptionalLong;

/**
 * What {@link AuditLog#verify()} found.
 *
 * @param entries entries checked
 * @param firstBad the first entry that was changed, or the position of the first removed one; empty when intact
 * @param problem what is wrong with it, in words (empty when intact), e.g.
 *     {@code "entry 17 was changed: its hash does not match its content and the entry before it"}
 */
public record AuditVerification(long entries, OptionalLong firstBad, String problem) {
    public static AuditVerification intact(long entries) {
        return new AuditVerification(entries, OptionalLong.empty(), "");
    }

    public static AuditVerification broken(long entries, long seq, String problem) {
        return new AuditVerification(entries, OptionalLong.of(seq), problem);
    }

    /** True when no entry was changed or removed. */
    public boolean intact() {
        return firstBad.isEmpty();
    }
}
