package org.csiconsole.core.arch;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * core/api is what views see: domain records, failure kinds, trace entries and profiles, with no
 * wire, SQL or UI type (DESIGN.md, module boundaries). Checks this module's own classes.
 */
class CoreArchitectureTest {
    private final JavaClasses api = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPath(java.nio.file.Path.of("target/classes/org/csiconsole/core"));

    @Test
    void coreImportsNoJavaFx() {
        noClasses().should().dependOnClassesThat().resideInAPackage("javafx..").check(api);
    }

    @Test
    void modelHasNoProtocolTypes() {
        noClasses().that().resideInAPackage("org.csiconsole.core.model..").should().dependOnClassesThat()
                .resideInAnyPackage("io.grpc..", "com.google.protobuf..", "csi.v1..", "okhttp3..", "com.fasterxml.jackson..")
                .check(api);
    }

    @Test
    void apiHoldsNoWireSqlOrUiTypes() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "io.grpc..", "com.google.protobuf..", "com.google.common..", "okhttp3..", "okio..",
                        "com.fasterxml.jackson..", "io.javalin..", "org.eclipse.jetty..", "java.sql..", "org.sqlite..",
                        "javafx..", "csi.v1..", "replication..", "identity..", "reclaimspace..", "fence..",
                        "volumegroup..", "encryptionkeyrotation..", "pluginregistration..")
                .because("api is shared by views and every client; protocols live in core/client, SQL and Javalin in core/reference")
                .check(api);
    }

    @Test
    void apiReachesNeitherTheClientsNorTheReferencePlugin() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage(
                        "org.csiconsole.core.reference..", "org.csiconsole.core.csi..", "org.csiconsole.core.addons..",
                        "org.csiconsole.core.endpoint..")
                .because("api sits below core/client and core/reference")
                .check(api);
    }
}
