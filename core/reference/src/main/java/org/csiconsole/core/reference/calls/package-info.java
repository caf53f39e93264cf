/**
 * The reference plugin's own log of the calls it served ({@link org.csiconsole.core.reference.calls.CallLog}):
 * what training mode's "how" checks read, whichever client made the calls (the console, its command
 * line, csc or a CO).
 */
package org.csiconsole.core.reference.calls;
