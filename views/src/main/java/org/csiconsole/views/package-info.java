/**
 * JavaFX views and view models over {@code core}. A view ({@code XView}) builds controls and binds
 * them; its view model ({@code XViewModel}, a {@link org.csiconsole.views.ViewModel}) holds state
 * as properties and observable lists and offers commands, with no {@code Node}s. Work runs through
 * {@link org.csiconsole.views.task.TaskRunner}; outcomes reach a person through
 * {@link org.csiconsole.views.notify.Notifications} and
 * {@link org.csiconsole.views.dialog.DialogService}.
 */
package org.csiconsole.views;
