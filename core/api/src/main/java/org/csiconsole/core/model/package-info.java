/**
 * Domain records shared by every protocol (CSI gRPC, csi-addons gRPC, HPE CSP REST) and by the
 * views. Nothing here references a protobuf, JSON or JavaFX type. Sizes are in bytes, times are
 * {@link java.time.Instant}s, durations are {@link java.time.Duration}s.
 */
package org.csiconsole.core.model;
