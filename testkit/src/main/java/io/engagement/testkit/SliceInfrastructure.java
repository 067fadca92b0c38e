package io.engagement.testkit;

import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;

import java.util.Map;
import java.util.UUID;

/**
 * Points a {@link HandlerSlice}'s context at the shared broker and MongoDB server, in a database of
 * its own, and gives its internal token a secret no other test JVM shares.
 */
final class SliceInfrastructure implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    private static final String SECRET = UUID.randomUUID() + "-" + UUID.randomUUID();

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        Infrastructure infrastructure = SharedInfrastructure.get();
        context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("handlerSlice", Map.of(
                "spring.kafka.bootstrap-servers", infrastructure.kafkaBootstrapServers(),
                "spring.mongodb.uri", infrastructure.mongoUri(),
                "spring.mongodb.database", "slice_" + UUID.randomUUID().toString().replace("-", ""),
                "engagement.internal-token.secret", SECRET)));
    }
}
