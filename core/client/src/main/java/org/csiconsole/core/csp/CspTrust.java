package org.csiconsole.core.csp;

import java.nio.file.Path;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Objects;

/**
 * How the console decides to trust the CSP's TLS certificate. There is deliberately no "trust
 * everything" choice: a self-signed array is trusted by pinning its certificate's SHA-256
 * fingerprint, which the failure of a first attempt reports (trust on first use).
 */
public sealed interface CspTrust {

    /** The JVM's default trust store (the system CAs). */
    record SystemTrust() implements CspTrust {
    }

    /** Trust only the PEM CA certificate(s) in this file (and not the system CAs). */
    record CaFile(Path file) implements CspTrust {
        public CaFile {
            Objects.requireNonNull(file, "file");
        }
    }

    /**
     * Trust exactly the server certificate whose DER encoding has this SHA-256 digest. The host
     * name in the certificate is not checked: the pin identifies the server.
     *
     * @param sha256 64 hex digits, stored upper case without separators
     */
    record Pin(String sha256) implements CspTrust {
        public Pin {
            sha256 = normalize(sha256);
        }

        /** The pin as colon-separated upper-case hex pairs, the way the failure reports it. */
        public String display() {
            return CspTrust.display(sha256);
        }
    }

    static CspTrust system() {
        return new SystemTrust();
    }

    static CspTrust caFile(Path file) {
        return new CaFile(file);
    }

    /**
     * A pinned fingerprint. Accepts {@code AB:CD:..}, {@code ab cd ..}, plain hex, optionally
     * prefixed by {@code sha256:} or {@code SHA256/}.
     *
     * @throws IllegalArgumentException when the text is not 32 bytes of hex
     */
    static CspTrust pin(String sha256) {
        return new Pin(sha256);
    }

    /** Strips separators and a {@code sha256} prefix; checks for exactly 64 hex digits. */
    static String normalize(String text) {
        if (text == null) throw new IllegalArgumentException("The SHA-256 fingerprint is empty");
        String t = text.trim().replaceFirst("^(?i)sha-?256[:/]", "");
        String hex = t.replace(":", "").replace(" ", "").replace("-", "").toUpperCase(Locale.ROOT);
        if (hex.length() != 64 || !hex.chars().allMatch(c -> (c >= '0' && c <= '9') || (c >= 'A' && c <= 'F'))) {
            throw new IllegalArgumentException("'" + text + "' is not a SHA-256 fingerprint: give 64 hex digits,"
                    + " e.g. as printed by 'openssl x509 -noout -fingerprint -sha256'");
        }
        return hex;
    }

    /** Colon-separated upper-case hex pairs for 64 hex digits or raw digest bytes rendered as hex. */
    static String display(String hex) {
        StringBuilder b = new StringBuilder(hex.length() * 3 / 2);
        for (int i = 0; i < hex.length(); i += 2) {
            if (i > 0) b.append(':');
            b.append(hex, i, i + 2);
        }
        return b.toString();
    }

    /** Upper-case hex of a digest. */
    static String hex(byte[] digest) {
        return HexFormat.of().withUpperCase().formatHex(digest);
    }
}
