package org.csiconsole.core.training;

import java.util.List;
import java.util.Optional;

/**
 * The scenarios a trainee can pick: the bundled ones, then those of a trainer's folder, and the
 * files that did not load with their problems (a bad file never hides the good ones).
 *
 * @param scenarios loaded scenarios, bundled first, each group by id
 * @param problems validation problems of the files that were left out
 */
public record ScenarioLibrary(List<Scenario> scenarios, List<ScenarioProblem> problems) {
    public ScenarioLibrary {
        scenarios = List.copyOf(scenarios);
        problems = List.copyOf(problems);
    }

    /** The scenario with this id; a folder's scenario replaces a bundled one of the same id. */
    public Optional<Scenario> find(String id) {
        Scenario found = null;
        for (Scenario s : scenarios) {
            if (s.id().equals(id)) found = s;
        }
        return Optional.ofNullable(found);
    }
}
