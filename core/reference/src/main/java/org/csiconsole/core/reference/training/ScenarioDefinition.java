package org.csiconsole.core.reference.training;

import java.util.List;
import org.csiconsole.core.training.Scenario;

/**
 * A scenario as the engine runs it: the {@link Scenario} the views see, plus its seed, the checks of
 * each step and its faults.
 *
 * @param scenario what the library shows
 * @param seed the seed (the seed file's entries merged in)
 * @param steps the steps' checks, in the scenario's order
 * @param faults timed and triggered faults
 */
record ScenarioDefinition(Scenario scenario, SeedSpec seed, List<StepDefinition> steps, List<FaultSpec> faults) {
    /**
     * One step's checks.
     *
     * @param conditions what must hold of the plugin's state (all of them); may be empty for a question-only step
     * @param how how the step must (not) be done, over the call log since the step became current
     * @param answer the expected answer to the step's question, or null
     */
    record StepDefinition(String id, List<Condition> conditions, List<HowRule> how, AnswerSpec answer) {
    }
}
