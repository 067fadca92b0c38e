package io.engagement.testkit;

import com.mongodb.reactivestreams.client.MongoClient;
import com.mongodb.reactivestreams.client.MongoClients;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import reactor.core.publisher.Mono;

import java.util.UUID;

/**
 * A database of its own on the shared MongoDB server for each test, dropped after it, so tests
 * never see each other's documents. Register it as a field:
 * {@code @RegisterExtension final FreshDatabase database = new FreshDatabase("ledger");}; it is
 * ready before the test's own {@code @BeforeEach} methods run.
 */
public final class FreshDatabase implements BeforeEachCallback, AfterEachCallback {

    private final String prefix;
    private MongoClient client;
    private ReactiveMongoTemplate template;

    public FreshDatabase(String prefix) {
        this.prefix = prefix;
    }

    public ReactiveMongoTemplate template() {
        if (template == null) {
            throw new IllegalStateException("the database exists only while a test runs");
        }
        return template;
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        client = MongoClients.create(SharedInfrastructure.get().mongoUri());
        template = new ReactiveMongoTemplate(client, prefix + "_" + UUID.randomUUID().toString().replace("-", ""));
    }

    @Override
    public void afterEach(ExtensionContext context) {
        try {
            template.getMongoDatabase().flatMap(database -> Mono.from(database.drop())).block();
        } finally {
            client.close();
            template = null;
        }
    }
}
