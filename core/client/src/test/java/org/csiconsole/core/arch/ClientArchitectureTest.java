package org.csiconsole.core.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** core/client speaks the wire and nothing more: no UI toolkit, no SQL, no reference plugin. */
class ClientArchitectureTest {
    private final JavaClasses client = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(java.nio.file.Path.of("target/classes"));

    @Test
    void clientImportsNoJavaFx() {
        noClasses().should().dependOnClassesThat().resideInAPackage("javafx..").check(client);
    }

    @Test
    void clientReachesNoReferencePluginJavalinOrSql() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "org.csiconsole.core.reference..", "io.javalin..", "org.eclipse.jetty..", "java.sql..", "org.sqlite..")
                .because("nothing but app and tests reaches core/reference (DESIGN.md, module boundaries)")
                .check(client);
    }
}
