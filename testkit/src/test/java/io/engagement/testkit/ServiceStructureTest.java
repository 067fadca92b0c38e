package io.engagement.testkit;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ServiceStructureTest {

    private final JavaClasses cyclic = new ClassFileImporter().importPackages("io.engagement.testkit.cyclic");

    @Test
    void twoFeaturesThatUseEachOtherAreACycle() {
        assertThatThrownBy(() -> ServiceStructure.featuresHaveNoCycles("io.engagement.testkit.cyclic").check(cyclic))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("Cycle detected");
    }

    @Test
    void aServiceThatUsesOnlyItsOwnCodePasses() {
        assertThat(ServiceStructure.usesNoOtherService("io.engagement.testkit.cyclic").evaluate(cyclic).hasViolation()).isFalse();
    }
}
