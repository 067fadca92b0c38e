package io.engagement.local.gateway;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.time.Clock;
import java.time.Duration;

import static org.assertj.core.api.Assertions.assertThat;

class ErrorShapesIT {

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void anUnknownPathIs404Json() {
        Answer outsideEveryRoute = suite.get("/nowhere", "x-api-key", suite.acme.apiKey());
        Answer insideARoute = suite.get("/external/v1/customers/by-email/a/b/c", "x-api-key", suite.acme.apiKey());

        assertThat(outsideEveryRoute.status()).isEqualTo(404);
        assertThat(outsideEveryRoute.body()).isEqualTo("{\"detail\":\"Not Found\"}");
        assertThat(outsideEveryRoute.header("Content-Type")).startsWith("application/json");
        assertThat(insideARoute.status()).isEqualTo(404);
        assertThat(insideARoute.detail()).isEqualTo("Not Found");
    }

    @Test
    void aWrongMethodIs405Json() {
        Answer answer = suite.delete("/external/v1/customers", "x-api-key", suite.acme.apiKey());

        assertThat(answer.status()).isEqualTo(405);
        assertThat(answer.body()).isEqualTo("{\"detail\":\"Method Not Allowed\"}");
    }

    @Test
    void goingAroundTheGatewayLetsNoOneIn() {
        var customerService = suite.fleet.uriOf(ServiceFleet.CUSTOMER).resolve("/external/v1/customers");
        String signedWithAnotherSecret = new InternalToken("another-secret-of-at-least-32-bytes!!", Duration.ofMinutes(1),
                Clock.systemUTC()).mint(new OrgContext(suite.acme.id(), KeyKind.DATA));
        String expired = new InternalToken(RunningSuite.INTERNAL_SECRET, Duration.ofSeconds(-1), Clock.systemUTC())
                .mint(new OrgContext(suite.acme.id(), KeyKind.DATA));

        Answer withoutToken = suite.send(HttpRequest.newBuilder(customerService).GET());
        Answer withForgedToken = suite.send(HttpRequest.newBuilder(customerService).GET(), InternalToken.HEADER, signedWithAnotherSecret);
        Answer withExpiredToken = suite.send(HttpRequest.newBuilder(customerService).GET(), InternalToken.HEADER, expired);
        Answer withDataKey = suite.send(HttpRequest.newBuilder(customerService).GET(), "x-api-key", suite.acme.apiKey());

        assertThat(withoutToken.status()).isEqualTo(401);
        assertThat(withForgedToken.status()).isEqualTo(401);
        assertThat(withExpiredToken.status()).isEqualTo(401);
        assertThat(withDataKey.status()).isEqualTo(401);
        assertThat(withForgedToken.detail()).isEqualTo("Invalid or expired internal token");
    }

    @Test
    void everyServiceExposesHealthProbesAndPrometheusMetrics() {
        for (String service : new String[] {ServiceFleet.CUSTOMER, ServiceFleet.ANALYTICS, ServiceFleet.MESSAGING, ServiceFleet.ALERT}) {
            var base = suite.fleet.uriOf(service);
            assertThat(suite.send(HttpRequest.newBuilder(base.resolve("/actuator/health/readiness")).GET()).status()).isEqualTo(200);
            assertThat(suite.send(HttpRequest.newBuilder(base.resolve("/actuator/health/liveness")).GET()).status()).isEqualTo(200);
            assertThat(suite.send(HttpRequest.newBuilder(base.resolve("/actuator/prometheus")).GET()).body())
                    .contains("jvm_memory_used_bytes");
        }
    }

    @Test
    void theGatewayIsHealthyWhenEveryServiceBehindItIs() {
        Answer health = suite.get("/actuator/health");

        assertThat(health.status()).isEqualTo(200);
        assertThat(health.json().get("status").asString()).isEqualTo("UP");
        assertThat(health.json().at("/components/services/details/customer").asString()).isEqualTo("UP");
        assertThat(health.json().at("/components/services/details/alert").asString()).isEqualTo("UP");
    }
}
