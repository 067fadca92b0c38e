package io.engagement.testkit;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;

import java.util.List;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/**
 * The structure every service keeps, checked on its compiled classes: its features (the packages
 * right under the service's package) depend on each other without cycles, and no service uses
 * another service's code (what they share lives in {@code platform}).
 */
public final class ServiceStructure {

    private static final List<String> SERVICES = List.of("io.engagement.gateway", "io.engagement.customer", "io.engagement.analytics",
            "io.engagement.messaging", "io.engagement.alert");

    private ServiceStructure() {
    }

    /** @param servicePackage for example {@code io.engagement.customer} */
    public static void verify(String servicePackage) {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackages(servicePackage);
        featuresHaveNoCycles(servicePackage).check(classes);
        usesNoOtherService(servicePackage).check(classes);
    }

    static ArchRule featuresHaveNoCycles(String servicePackage) {
        return slices().matching(servicePackage + ".(*)..").should().beFreeOfCycles()
                .because("a feature that needs another's internals and is needed by it is one feature split in two");
    }

    static ArchRule usesNoOtherService(String servicePackage) {
        String[] others = SERVICES.stream().filter(service -> !service.equals(servicePackage)).map(service -> service + "..").toArray(String[]::new);
        return noClasses().that().resideInAPackage(servicePackage + "..").should().dependOnClassesThat().resideInAnyPackage(others)
                .because("services share code only through platform; each deploys and scales on its own");
    }
}
