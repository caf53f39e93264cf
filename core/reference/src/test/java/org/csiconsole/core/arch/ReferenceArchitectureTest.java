package org.csiconsole.core.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** The bundled plugin stays free of the UI toolkit and keeps all its code below one package. */
class ReferenceArchitectureTest {
    private final JavaClasses reference = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(java.nio.file.Path.of("target/classes"));

    @Test
    void referenceImportsNoJavaFx() {
        noClasses().should().dependOnClassesThat().resideInAPackage("javafx..").check(reference);
    }

    @Test
    void referenceCodeLivesBelowItsOwnPackage() {
        classes().should().resideInAPackage("org.csiconsole.core.reference..")
                .because("the architecture rules of views and app name org.csiconsole.core.reference as the plugin")
                .check(reference);
    }
}
