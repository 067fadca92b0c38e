package io.engagement.gateway.organization;

import io.engagement.gateway.GatewayReplicas;
import io.engagement.platform.binding.BindingContainers;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.event.Topics;
import io.engagement.testkit.DeadLetters;
import io.engagement.testkit.WithInfrastructure;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.kafka.core.KafkaTemplate;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two gateway replicas on one database and broker: a policy changed through one reaches the other's
 * cache from the organization topic, long before its cached copy would expire, and a record there
 * that names the policy event but is none goes to the dead letters without holding the change behind it.
 */
@WithInfrastructure
class OrganizationPolicyReplicasIT {

    private static final Duration WITHIN = Duration.ofSeconds(60);

    private GatewayReplicas replicas;

    @BeforeEach
    void start() {
        replicas = GatewayReplicas.start(2, Map.of("engagement.organization-policies.cache.ttl", "10m"));
        for (int replica = 0; replica < 2; replica++) {
            BindingContainers bindings = replicas.context(replica).getBean(BindingContainers.class);
            await().atMost(WITHIN).until(() -> !bindings.assignedPartitions("organizationPolicyChanged-in-0").isEmpty());
        }
    }

    @AfterEach
    void stop() {
        replicas.close();
    }

    @Test
    @SuppressWarnings("unchecked")
    void aPlanChangedThroughOneReplicaReachesTheOthersCacheAndAnUnreadableRecordBeforeItIsDeadLettered() {
        GatewayReplicas.Organization acme = replicas.createOrganization("Acme " + UUID.randomUUID());
        OrganizationPolicyCache cached = replicas.context(1).getBean(OrganizationPolicyCache.class);
        assertThat(cached.of(acme.organizationId()).block().plan()).isEqualTo(OrganizationPolicy.FREE);
        String key = EventEnvelope.key(acme.organizationId(), OrganizationPolicyEvents.ENTITY);
        String poison = "{\"type\": \"organization.policy.changed\", \"org_id\": " + acme.organizationId()
                + ", \"data\": {\"retention\": \"" + UUID.randomUUID() + "\"}}";
        replicas.context(0).getBean(KafkaTemplate.class).send(Topics.ORGANIZATION, key, poison).join();

        var changed = replicas.admin(0, "PUT", "/admin/v1/organizations/" + acme.organizationId() + "/plan", "{\"plan\": \"premium\"}");
        assertThat(changed.statusCode()).isEqualTo(200);

        await().atMost(WITHIN).until(() -> cached.of(acme.organizationId()).block().premium());
        List<ConsumerRecord<String, String>> deadLetters = DeadLetters.await(Topics.ORGANIZATION + ".dlq",
                record -> poison.equals(record.value()), 2, WITHIN);
        assertThat(deadLetters).allSatisfy(deadLetter ->
                assertThat(DeadLetters.header(deadLetter, "kafka_dlt-original-topic")).isEqualTo(Topics.ORGANIZATION));
    }
}
