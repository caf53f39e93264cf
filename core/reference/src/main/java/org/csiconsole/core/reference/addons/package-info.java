/**
 * The reference plugin's csi-addons services (csi-addons-replication.md, csi-addons-reclaimspace.md,
 * and identity, fence, volumegroup and encryptionkeyrotation of csi-addons/spec main) over the shared
 * array model. Served by {@link org.csiconsole.core.reference.ReferencePlugin} next to the CSI
 * services, behind the same fault interceptor.
 */
package org.csiconsole.core.reference.addons;
