package io.engagement.testkit;

import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.webflux.test.autoconfigure.WebFluxTest;
import org.springframework.core.annotation.AliasFor;
import org.springframework.test.context.ContextConfiguration;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A service's handlers answering through {@code WebTestClient} as they answer behind the gateway,
 * without a server, a binder or the rest of the service: Spring Boot's WebFlux slice of the named
 * controllers, with what every service gets from {@code platform} (the contract's error bodies,
 * snake_case JSON, the internal token's organization, the settings resources) and the reactive
 * MongoDB and Kafka clients on the shared real broker and server. Each context writes to a database
 * of its own. A handler's collaborators beyond the slice are imported by the test
 * ({@code @Import(TheStore.class)}); a request carries a token minted with the context's
 * {@code InternalToken} under {@code InternalToken.HEADER}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@WebFluxTest
@ImportAutoConfiguration
@ExtendWith(InfrastructureExtension.class)
@ContextConfiguration(initializers = SliceInfrastructure.class)
public @interface HandlerSlice {

    /** The controllers under test. */
    @AliasFor(annotation = WebFluxTest.class, attribute = "controllers")
    Class<?>[] value() default {};

    /** Properties of this slice alone, as {@code key=value}. */
    @AliasFor(annotation = WebFluxTest.class, attribute = "properties")
    String[] properties() default {};
}
