/**
 * The bundled reference plugin: simulated storage arrays behind CSI v1.12 (and, in sub-packages,
 * csi-addons and the CSP REST API), persisted in SQLite, with fault injection. The rest of core
 * reaches it only through {@link org.csiconsole.core.reference.ReferencePlugin}.
 */
package org.csiconsole.core.reference;
