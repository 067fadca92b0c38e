package io.engagement.alert;

import io.engagement.testkit.ServiceStructure;
import org.junit.jupiter.api.Test;

class StructureTest {

    @Test
    void featuresHaveNoCyclesAndNoOtherServicesCodeIsUsed() {
        ServiceStructure.verify("io.engagement.alert");
    }
}
