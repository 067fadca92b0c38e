package io.engagement.testkit;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives a test class the shared real Kafka broker and MongoDB server: started before the class,
 * once per JVM, and injectable as an {@link Infrastructure} parameter.
 */
public final class InfrastructureExtension implements BeforeAllCallback, ParameterResolver {

    @Override
    public void beforeAll(ExtensionContext context) {
        SharedInfrastructure.get();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == Infrastructure.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return SharedInfrastructure.get();
    }
}
