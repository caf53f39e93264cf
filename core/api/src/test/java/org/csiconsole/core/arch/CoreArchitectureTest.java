package org.csiconsole.core.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** Core stays free of the UI toolkit, and the domain model free of wire types. */
class CoreArchitectureTest {
    private final JavaClasses core = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(java.nio.file.Path.of("target/classes/org/csiconsole/core"));

    @Test
    void coreImportsNoJavaFx() {
        noClasses().should().dependOnClassesThat().resideInAPackage("javafx..").check(core);
    }

    @Test
    void modelHasNoProtocolTypes() {
        noClasses().that().resideInAPackage("org.csiconsole.core.model..").should().dependOnClassesThat()
                .resideInAnyPackage("io.grpc..", "com.google.protobuf..", "csi.v1..", "okhttp3..", "com.fasterxml.jackson..")
                .check(core);
    }

    @Test
    void referencePluginIsReachedOnlyThroughItsEntryPoint() {
        noClasses().that().resideOutsideOfPackage("org.csiconsole.core.reference..").should().dependOnClassesThat()
                .resideInAnyPackage("org.csiconsole.core.reference.*..")
                .because("the rest of core reaches the reference plugin only through ReferencePlugin")
                .check(core);
    }
}
