package io.engagement.platform.health;

import org.bson.Document;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Mono;

import java.time.Duration;

/**
 * The database is up when it answers {@code ping}. Replaces Spring Boot's indicator, whose
 * {@code hello} command the embedded wire-protocol server does not know.
 */
public final class MongoPingHealthIndicator implements ReactiveHealthIndicator {

    private static final Duration TIMEOUT = Duration.ofSeconds(3);

    private final ReactiveMongoTemplate mongo;

    public MongoPingHealthIndicator(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Health> health() {
        return mongo.getMongoDatabase()
                .flatMap(database -> mongo.executeCommand(new Document("ping", 1))
                        .map(answer -> Health.up().withDetail("database", database.getName()).build()))
                .timeout(TIMEOUT)
                .onErrorResume(failure -> Mono.just(Health.down().withException(failure).build()));
    }
}
