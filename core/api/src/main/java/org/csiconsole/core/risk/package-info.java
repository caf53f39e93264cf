/**
 * The one risk model of every mutating operation and workflow: what core knows of a target and its
 * partner ({@link org.csiconsole.core.risk.TargetFacts}), and the
 * {@link org.csiconsole.core.risk.Assessment} made from it (hazards with their evidence, a call known
 * to be illegal in that state, the consent required, the safer alternative). The GUI's dialogs and
 * wizards and the CLI's prompts, {@code --yes} and {@code --dry-run} render one assessment; neither
 * decides danger on its own. The logic is {@link org.csiconsole.core.risk.RiskModel}: pure (it reads and
 * sends nothing; callers gather the facts), so it lives here beside the types, where the workbench's
 * view models, the replication workflow engine and the CLI all reach the same code.
 */
package org.csiconsole.core.risk;
