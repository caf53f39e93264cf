/**
 * Training mode, as the workbench's Training perspective and {@code csi-console training} see it:
 * guided, self-checking scenarios on the bundled two-site reference plugin.
 *
 * <p>A {@link org.csiconsole.core.training.Scenario} is read from a YAML data file (schema in
 * {@code docs/training-schema.md}); a {@link org.csiconsole.core.training.TrainingPort} loads the
 * library (bundled scenarios and a folder) and starts a
 * {@link org.csiconsole.core.training.TrainingSession}, which seeds a plugin, serves it, and checks
 * each step whenever the plugin's state changes. Progress is a
 * {@link org.csiconsole.core.training.TrainingProgress} snapshot pushed to
 * {@link org.csiconsole.core.training.TrainingListener}s; the outcome is a
 * {@link org.csiconsole.core.training.TrainingResult}, exported as JSON or a one-page HTML summary.
 *
 * <p>Durations are {@link java.time.Duration}s, times UTC {@link java.time.Instant}s. No type here
 * holds a wire, SQL or UI type; the implementation lives beside the reference plugin and is wired
 * by the application.
 */
package org.csiconsole.core.training;
