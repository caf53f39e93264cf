package org.csiconsole.app.arch;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One meaning per simple name across the modules (issue: "Names"): no two production types of
 * api, client, storage, reference, views and app share a simple name, so a name read in a
 * diff or a stack trace says which type it is. App's test classpath holds every module, so the
 * check runs here. Nested {@code Builder} (the builder of its enclosing type) and {@code Kind} (the
 * kind of its enclosing type) are the only names allowed to recur; they are always read qualified.
 */
class SimpleNamesTest {
    private static final Set<String> NESTED_IDIOMS = Set.of("Builder", "Kind");

    @Test
    void everySimpleTypeNameMeansOneThingAcrossTheModules() {
        Map<String, Set<String>> byName = new TreeMap<>();
        for (JavaClass c : new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .withImportOption(SimpleNamesTest::notATestJar).importPackages("org.csiconsole")) {
            if (c.isAnonymousClass() || c.getSimpleName().isEmpty() || c.getSimpleName().equals("package-info")) continue;
            if (c.isNestedClass() && NESTED_IDIOMS.contains(c.getSimpleName())) continue;
            byName.computeIfAbsent(c.getSimpleName(), n -> new TreeSet<>()).add(c.getName());
        }
        Map<String, Set<String>> shared = new TreeMap<>();
        byName.forEach((name, types) -> {
            if (types.size() > 1) shared.put(name, types);
        });
        assertThat(byName).as("the importer found the modules' classes").containsKeys("CsiClient", "ArrayModel", "Workbench");
        assertThat(shared).as("simple names shared by several types; rename one so each name means one thing").isEmpty();
    }

    /** The modules' test-jars (views' design-size checks, core-client's fake driver) hold test code, not production types. */
    private static boolean notATestJar(com.tngtech.archunit.core.importer.Location location) {
        return !location.contains("-tests.jar");
    }
}
