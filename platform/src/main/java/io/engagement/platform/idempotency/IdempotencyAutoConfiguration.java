package io.engagement.platform.idempotency;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import io.engagement.platform.store.ExpiringCollection;
import org.springframework.context.annotation.Bean;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import tools.jackson.databind.ObjectMapper;

/** {@link IdempotentRequests} for every service with a database. */
@AutoConfiguration(afterName = {
        "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
        "org.springframework.boot.data.mongodb.autoconfigure.DataMongoReactiveAutoConfiguration"})
@EnableConfigurationProperties(IdempotencySettings.class)
public class IdempotencyAutoConfiguration {

    @Bean
    @ConditionalOnBean(ReactiveMongoTemplate.class)
    IdempotentRequests idempotentRequests(ReactiveMongoTemplate mongo, ObjectMapper json, IdempotencySettings settings) {
        return new IdempotentRequests(new IdempotencyStore(mongo), json, settings);
    }

    @Bean
    @ConditionalOnBean(ReactiveMongoTemplate.class)
    ExpiringCollection idempotencyKeys() {
        return new ExpiringCollection(IdempotencyStore.COLLECTION);
    }
}
