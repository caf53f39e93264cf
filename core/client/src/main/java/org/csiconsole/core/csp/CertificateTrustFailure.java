package org.csiconsole.core.csp;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

/**
 * A {@link FailureKind#TLS} failure because the CSP presented a certificate that is not trusted:
 * unknown to the trust store or CA file, or not the pinned one. Carries the certificate's SHA-256
 * fingerprint so a person can compare it with the array's and pin it (trust on first use).
 */
public final class CertificateTrustFailure extends CallFailure {
    private final String fingerprint;
    private final String subject;

    CertificateTrustFailure(String what, String why, String whatToDo, String fingerprint, String subject, Throwable cause) {
        super(FailureKind.TLS, what, why, whatToDo,
                "SHA-256 fingerprint " + fingerprint + (subject.isEmpty() ? "" : ", subject " + subject), cause);
        this.fingerprint = fingerprint;
        this.subject = subject;
    }

    /** SHA-256 of the server certificate's DER encoding, colon-separated upper-case hex pairs. */
    public String fingerprint() {
        return fingerprint;
    }

    /** The certificate subject (distinguished name), empty when unknown. */
    public String subject() {
        return subject;
    }
}
