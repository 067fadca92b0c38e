package io.engagement.gateway;

import io.engagement.testkit.ServiceStructure;
import org.junit.jupiter.api.Test;

class StructureTest {

    @Test
    void featuresHaveNoCyclesAndNoOtherServicesCodeIsUsed() {
        ServiceStructure.verify("io.engagement.gateway");
    }
}
