package org.csiconsole.views;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/** Views reach storage only through core/api's domain types: no wire types, no transport libraries, no reference plugin. */
class ArchitectureTest {
    private final JavaClasses views = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("org.csiconsole.views");

    @Test
    void viewsImportNoTransportOrGeneratedProtoTypes() {
        noClasses().that().resideInAPackage("org.csiconsole.views..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "io.grpc..", "okhttp3..", "com.google.protobuf..",
                        "csi.v1..", "replication..", "identity..", "reclaimspace..", "fence..",
                        "volumegroup..", "encryptionkeyrotation..")
                .because("views show core's domain records; protocols stay in core (DESIGN.md, module boundaries)")
                .check(views);
    }

    @Test
    void viewsReachNeitherTheReferencePluginNorSqlNorAnHttpServer() {
        noClasses().that().resideInAPackage("org.csiconsole.views..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.csiconsole.core.reference..", "io.javalin..", "org.eclipse.jetty..", "java.sql..", "org.sqlite..")
                .because("nothing but app and tests reaches the reference plugin (DESIGN.md, module boundaries)")
                .check(views);
    }

    @Test
    void viewsReachNoCoreClientPackage() {
        noClasses().that().resideInAPackage("org.csiconsole.views..")
                .should().dependOnClassesThat().resideInAnyPackage(
                        "org.csiconsole.core.csi..", "org.csiconsole.core.addons..", "org.csiconsole.core.endpoint..")
                .because("views depend on core/api alone; core/storage adapts the clients to the ports in core.port")
                .check(views);
    }

    @Test
    void viewModelsHoldNoNodes() {
        noClasses().that().haveSimpleNameEndingWith("ViewModel")
                .should().dependOnClassesThat().resideInAnyPackage("javafx.scene..")
                .because("a view model has state and commands, not controls")
                .check(views);
    }
}
