package io.engagement.local.fault;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

class ServiceOutageIT {

    private final RunningSuite suite = RunningSuite.get();

    @AfterEach
    void restartTheService() {
        suite.fleet.start(ServiceFleet.CUSTOMER);
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(suite.get("/external/v1/customers", "x-api-key", suite.acme.apiKey()).status()).isEqualTo(200));
    }

    @Test
    void aStoppedServiceAnswers503JsonAtOnceAndTheGatewayReportsItDown() {
        suite.fleet.stop(ServiceFleet.CUSTOMER);

        long started = System.nanoTime();
        Answer answer = suite.get("/external/v1/customers", "x-api-key", suite.acme.apiKey());
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        Answer health = suite.get("/actuator/health");

        assertThat(answer.status()).isEqualTo(503);
        assertThat(answer.detail()).isEqualTo("customer-service is unavailable, try again shortly");
        assertThat(took).isLessThan(Duration.ofSeconds(10));
        assertThat(health.status()).isEqualTo(503);
        assertThat(health.json().at("/components/services/details/customer").asString()).isEqualTo("DOWN");
        assertThat(suite.get("/admin/v1/organizations/" + suite.acme.id() + "/keys", "X-Admin-Token", RunningSuite.ADMIN_TOKEN)
                .status()).isEqualTo(200);
    }
}
