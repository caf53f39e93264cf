/**
 * Offline troubleshooting of a driver on a node, as records a view or a command prints: what
 * discovery found on the node ({@link org.csiconsole.core.trouble.DiscoveryReport}), the read-only
 * check list of a probe ({@link org.csiconsole.core.trouble.ProbeReport}), the timed lifecycle of an
 * exercise ({@link org.csiconsole.core.trouble.ExerciseResult}), the report that bundles them
 * ({@link org.csiconsole.core.trouble.TroubleReport}) and the comparison of a driver's volumes with
 * a list the admin holds ({@link org.csiconsole.core.trouble.OrphanReport}).
 *
 * <p>The workflows themselves live once in core/client ({@code org.csiconsole.core.trouble}) and
 * report progress as {@link org.csiconsole.core.trouble.TroubleEvent}s; the GUI and the command line
 * both run them. Durations are {@link java.time.Duration}s, sizes bytes, times UTC instants.
 */
package org.csiconsole.core.trouble;
