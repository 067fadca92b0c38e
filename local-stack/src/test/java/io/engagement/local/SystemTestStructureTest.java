package io.engagement.local;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * How the system tests are laid out, checked on their compiled classes: a test class uses no other
 * test class, and {@code support}, which every area's tests use, uses none of them.
 */
class SystemTestStructureTest {

    private static final JavaClasses TESTS = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.ONLY_INCLUDE_TESTS).importPackages("io.engagement.local");

    @Test
    void noSystemTestUsesAnother() {
        noClasses().that().haveSimpleNameEndingWith("IT").should().dependOnClassesThat().haveSimpleNameEndingWith("IT")
                .because("what two tests need lives in support, where a reader looks for it, not inside one of them")
                .check(TESTS);
    }

    @Test
    void supportUsesNoSystemTest() {
        noClasses().that().resideInAPackage("io.engagement.local.support..").should().dependOnClassesThat().haveSimpleNameEndingWith("IT")
                .check(TESTS);
    }
}
