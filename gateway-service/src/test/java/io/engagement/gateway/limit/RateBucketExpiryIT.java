package io.engagement.gateway.limit;

import io.engagement.gateway.GatewayReplicas;
import io.engagement.testkit.WithInfrastructure;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Query;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * A bucket nobody draws from is full again after its period, and then no different from no bucket:
 * it carries that moment as its expiry and is swept away, so the collection holds only the buckets
 * in use however many keys and organizations come and go.
 */
@WithInfrastructure
class RateBucketExpiryIT {

    private GatewayReplicas gateway;

    @BeforeEach
    void start() {
        gateway = GatewayReplicas.start(1, Map.of("engagement.expired-documents.sweep-interval", "200ms"));
    }

    @AfterEach
    void stop() {
        gateway.close();
    }

    @Test
    void aBucketExpiresWhenItWouldBeFullAgainAndIsSweptAway() {
        GatewayReplicas.Organization acme = gateway.createOrganization("Acme");
        var overridden = gateway.admin(0, "PUT", "/admin/v1/organizations/" + acme.organizationId() + "/rate-limits",
                "{\"organization\": {\"limit\": 20, \"period_seconds\": 60}}");
        assertThat(overridden.statusCode()).isEqualTo(200);
        ReactiveMongoTemplate mongo = gateway.context(0).getBean(ReactiveMongoTemplate.class);

        Instant before = Instant.now();
        gateway.withKey(0, acme.apiKey());

        // a lease takes one token of twenty refilled over a minute: full again seconds later, never after the minute
        Document bucket = mongo.findById("organization:" + acme.organizationId(), Document.class, SharedBuckets.COLLECTION).block();
        assertThat(bucket).isNotNull();
        assertThat(bucket.getDate("expires_at").toInstant()).isBetween(before, Instant.now().plusSeconds(60));
        await().atMost(Duration.ofSeconds(15)).untilAsserted(() ->
                assertThat(mongo.count(new Query(), SharedBuckets.COLLECTION).block()).isZero());
    }
}
