package io.engagement.gateway.limit;

import io.engagement.gateway.GatewayReplicas;
import io.engagement.testkit.WithInfrastructure;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two gateway replicas spend one organization's budget together: the requests both let through
 * add up to the budget, not to twice it.
 */
@WithInfrastructure
class SharedRateLimitIT {

    private static final int BUDGET = 40;

    private GatewayReplicas replicas;

    @BeforeEach
    void start() {
        replicas = GatewayReplicas.start(2, Map.of());
    }

    @AfterEach
    void stop() {
        replicas.close();
    }

    @Test
    void twoReplicasTogetherLetThroughExactlyTheOrganizationsBudget() {
        GatewayReplicas.Organization acme = replicas.createOrganization("Acme");
        // refilled over a day: not one token comes back while the test runs
        var overridden = replicas.admin(0, "PUT", "/admin/v1/organizations/" + acme.organizationId() + "/rate-limits",
                "{\"organization\": {\"limit\": " + BUDGET + ", \"period_seconds\": 86400}}");
        assertThat(overridden.statusCode()).isEqualTo(200);

        int allowed = 0;
        int[] refusedInARow = new int[2];
        for (int request = 0; request < 4 * BUDGET && (refusedInARow[0] < 3 || refusedInARow[1] < 3); request++) {
            int replica = request % 2;
            HttpResponse<String> answer = replicas.withKey(replica, acme.apiKey());
            if (answer.statusCode() == 429) {
                refusedInARow[replica]++;
                assertThat(answer.headers().firstValue("Retry-After")).isPresent();
                assertThat(answer.headers().firstValue("RateLimit-Remaining")).contains("0");
                assertThat(answer.body()).startsWith("{\"detail\":");
            } else {
                refusedInARow[replica] = 0;
                allowed++;
                assertThat(answer.headers().firstValue("RateLimit-Limit")).contains(Integer.toString(BUDGET));
            }
        }

        assertThat(allowed).isEqualTo(BUDGET);
        assertThat(refusedInARow).containsExactly(3, 3);
    }
}
