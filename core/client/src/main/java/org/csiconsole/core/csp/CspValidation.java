package org.csiconsole.core.csp;

import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ByteSize;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Checks input before anything is sent, so bad input fails with an actionable
 * {@link FailureKind#INVALID_ARGUMENT} and leaves no partial change on the array.
 */
final class CspValidation {
    /** Longest object name accepted; arrays impose their own, usually shorter, limits. */
    static final int MAX_NAME = 255;
    private static final Pattern IQN = Pattern.compile("^(iqn\\.\\d{4}-\\d{2}\\.[^\\s]+|eui\\.[0-9A-Fa-f]{16}|naa\\.[0-9A-Fa-f]{16,32})$");
    private static final Pattern WWPN = Pattern.compile("^([0-9A-Fa-f]{2}:){7}[0-9A-Fa-f]{2}$|^[0-9A-Fa-f]{16}$");
    private static final Pattern NQN = Pattern.compile("^nqn\\.\\d{4}-\\d{2}\\.[^\\s]+$");
    private static final Pattern CIDR = Pattern.compile("^[0-9A-Fa-f.:]+/\\d{1,3}$");

    private CspValidation() {
    }

    /** A name: not blank, at most {@value #MAX_NAME} characters, no control characters. */
    static String name(String value, String field, String what) {
        if (value == null || value.isBlank()) throw invalid(what, "the " + field + " is empty", "Give a " + field);
        String v = value.trim();
        if (v.length() > MAX_NAME) throw invalid(what, "the " + field + " is longer than " + MAX_NAME + " characters", "Give a shorter " + field);
        if (v.chars().anyMatch(Character::isISOControl)) {
            throw invalid(what, "the " + field + " contains control characters", "Use letters, digits, '-', '.' and ':'");
        }
        return v;
    }

    /** An object id that goes into a URL path: not blank, no control characters. */
    static String id(String value, String field, String what) {
        if (value == null || value.isBlank()) throw invalid(what, "the " + field + " is empty", "Give the " + field + " as the CSP lists it");
        if (value.chars().anyMatch(Character::isISOControl)) throw invalid(what, "the " + field + " contains control characters", "Copy the " + field + " from a listing");
        return value.trim();
    }

    /** An optional text: null stays null, otherwise no control characters other than line breaks. */
    static String text(String value, String field, String what) {
        if (value == null) return null;
        if (value.chars().anyMatch(c -> Character.isISOControl(c) && c != '\n' && c != '\r' && c != '\t')) {
            throw invalid(what, "the " + field + " contains control characters", "Remove them");
        }
        return value;
    }

    /**
     * A size with units ({@code 10GiB}, {@code 500G}, {@code 1073741824}) converted to bytes exactly,
     * as the CSP {@code Volume.size} is in bytes.
     */
    static long size(String text, String what) {
        long bytes;
        try {
            bytes = ByteSize.parse(text);
        } catch (IllegalArgumentException e) {
            throw invalid(what, e.getMessage(), "Give a size such as 10GiB, 500G or a number of bytes");
        }
        if (bytes <= 0) throw invalid(what, "the size must be larger than 0", "Give a size such as 10GiB");
        return bytes;
    }

    /** Checks a host definition against the {@code Host} object table of hpe-csp-rest-spec.md. */
    static void host(HostRequest h, String what) {
        name(h.name(), "host name", what);
        id(h.uuid(), "host UUID", what);
        if (h.iqns().isEmpty() && h.wwpns().isEmpty() && h.nqns().isEmpty()) {
            throw invalid(what, "the host has no initiator", "Give at least one IQN, WWPN or NQN");
        }
        each(h.iqns(), IQN, "IQN", "iqn.2019-07.com.example:host1", what);
        each(h.wwpns(), WWPN, "WWPN", "50:01:43:80:12:34:56:78", what);
        each(h.nqns(), NQN, "NQN", "nqn.2014-08.org.nvmexpress:uuid:...", what);
        each(h.networks(), CIDR, "network", "172.28.12.161/20", what);
        if (!h.iqns().isEmpty() && h.networks().isEmpty()) {
            throw invalid(what, "an iSCSI host needs its networks", "Give the host's iSCSI networks in CIDR form, e.g. 172.28.12.161/20");
        }
        boolean user = h.chapUser() != null && !h.chapUser().isEmpty();
        boolean secret = h.chapPassword() != null && !h.chapPassword().isEmpty();
        if (user != secret) throw invalid(what, "CHAP needs both a user and a password", "Give both, or neither");
    }

    private static void each(List<String> values, Pattern p, String kind, String example, String what) {
        for (String v : values) {
            if (v == null || !p.matcher(v.trim()).matches()) {
                throw invalid(what, "'" + v + "' is not a valid " + kind, "Give it in the form " + example);
            }
        }
    }

    static CallFailure invalid(String what, String why, String whatToDo) {
        return new CallFailure(FailureKind.INVALID_ARGUMENT, what, why, whatToDo, "");
    }
}
