/**
 * What a connection offers to the views, without any protocol type: {@link
 * org.csiconsole.core.port.StorageService} lists and changes volumes, snapshots, groups, hosts,
 * nodes and capacity as {@code core.model} records, and {@link org.csiconsole.core.port.Features}
 * says which of those the storage advertises (and, for the rest, why not, in words for a tooltip).
 *
 * <p>The composition root implements the port per connection over the CSI client, the csi-addons
 * client and the CSP client (or the bundled reference plugin) and hands it to the views through
 * {@link org.csiconsole.views.workbench.ConnectionModel#storageProperty()}. Views and view models
 * depend only on this package, so they are tested over small fakes.
 *
 * <p>Conventions for every method: it never blocks; it returns a {@link
 * java.util.concurrent.CompletableFuture} that completes on any thread; a failure completes it
 * exceptionally with a {@link org.csiconsole.core.call.CallFailure} (possibly wrapped in a {@link
 * java.util.concurrent.CompletionException}); cancelling the returned future cancels the underlying
 * call. Sizes are in bytes.
 */
package org.csiconsole.core.port;
