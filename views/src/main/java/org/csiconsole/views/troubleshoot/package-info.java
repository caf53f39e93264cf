/**
 * The Troubleshoot perspective: discover the drivers on this node and connect to one, probe a driver
 * with the read-only check list, exercise it after a typed confirmation, and open a saved report
 * (and compare it with another) read-only. View models reach core only through
 * {@link org.csiconsole.core.trouble.TroubleshootPort}.
 */
package org.csiconsole.views.troubleshoot;
