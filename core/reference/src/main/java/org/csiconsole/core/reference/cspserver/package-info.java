/**
 * The reference plugin's HPE Container Storage Provider REST server (hpe-csp-rest-spec.md plus the
 * OpenAPI 1.1.0 additions) on Javalin, over the shared array model. Started with
 * {@link org.csiconsole.core.reference.ReferencePlugin#startCsp(int)}.
 */
package org.csiconsole.core.reference.cspserver;
