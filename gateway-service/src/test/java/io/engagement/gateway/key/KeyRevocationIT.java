package io.engagement.gateway.key;

import io.engagement.gateway.GatewayReplicas;
import io.engagement.platform.binding.BindingContainers;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;


import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Two gateway replicas on one database and broker: a key revoked through one is refused by the
 * other within a second, long before the other's cached copy would expire.
 */
@WithInfrastructure
class KeyRevocationIT {

    private GatewayReplicas replicas;

    @BeforeEach
    void start() {
        replicas = GatewayReplicas.start(2, Map.of("engagement.keys.cache-ttl", "10m"));
        for (int replica = 0; replica < 2; replica++) {
            BindingContainers bindings = replicas.context(replica).getBean(BindingContainers.class);
            await().atMost(Duration.ofSeconds(60)).until(() -> !bindings.assignedPartitions("keyRevoked-in-0").isEmpty());
        }
    }

    @AfterEach
    void stop() {
        replicas.close();
    }

    @Test
    void aKeyRevokedThroughOneReplicaIsRefusedByTheOtherWithinASecond() {
        GatewayReplicas.Organization acme = replicas.createOrganization("Acme");
        assertThat(replicas.withKey(0, acme.apiKey()).statusCode()).isNotEqualTo(401);
        assertThat(replicas.withKey(1, acme.apiKey()).statusCode()).isNotEqualTo(401);

        var revoked = replicas.admin(0, "DELETE", "/admin/v1/organizations/" + acme.organizationId() + "/keys/" + acme.dataKeyId(), null);
        assertThat(revoked.statusCode()).isEqualTo(200);

        assertThat(replicas.withKey(0, acme.apiKey()).statusCode()).isEqualTo(401);
        await().atMost(Duration.ofMillis(1500)).pollInterval(Duration.ofMillis(50))
                .until(() -> replicas.withKey(1, acme.apiKey()).statusCode() == 401);
        assertThat(replicas.withKey(1, acme.apiKey()).body()).contains("\"detail\"");
    }
}
