/**
 * Connection profiles and connection state, free of any UI toolkit: what a person saved to reach a
 * CSI driver, a CSP array or the bundled demo, and where those profiles live on disk. Passwords are
 * never part of a profile; they are asked for when a session opens and kept only in memory.
 */
package org.csiconsole.core.session;
