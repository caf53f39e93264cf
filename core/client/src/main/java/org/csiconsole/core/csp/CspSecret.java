package org.csiconsole.core.csp;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a CSP wire field whose value is a secret: the {@code password} and {@code session_token} of
 * a {@code Token}, the {@code chap_password} of a {@code Host} and of {@code PublishInfo}
 * (hpe-csp-rest-spec.md, "Objects"). {@link CspRedactor} derives its field list from these marks,
 * so the schema is the only place that says what is secret.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.RECORD_COMPONENT, ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER})
@interface CspSecret {
}
