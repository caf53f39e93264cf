package org.csiconsole.core.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * core/storage adapts the clients to the ports of core/api and keeps the local stores: no UI
 * toolkit, no reference plugin, no Javalin (DESIGN.md, module boundaries). Its SQLite stores speak
 * plain JDBC ({@code java.sql}), never the driver's own classes.
 */
class StorageArchitectureTest {
    private final JavaClasses storage = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(java.nio.file.Path.of("target/classes"));

    @Test
    void storageImportsNoJavaFxAndNoViews() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.csiconsole.views..", "org.csiconsole.app..")
                .check(storage);
    }

    @Test
    void storageReachesNoReferencePluginJavalinOrSqlite() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "org.csiconsole.core.reference..", "io.javalin..", "org.eclipse.jetty..", "org.sqlite..")
                .because("nothing but app and tests reaches core/reference, and the local stores use JDBC alone")
                .check(storage);
    }
}
