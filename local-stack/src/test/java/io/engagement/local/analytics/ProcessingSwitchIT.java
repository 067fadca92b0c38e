package io.engagement.local.analytics;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.PageAnalytics;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import static io.engagement.local.support.PageAnalytics.at;
import static io.engagement.local.support.PageAnalytics.yesterday;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * The analytics service's processing switch ({@code /actuator/processing}, on the service itself):
 * while processing is paused, telemetry is still accepted through the gateway but not processed;
 * on resume every accepted event is counted, exactly once.
 */
class ProcessingSwitchIT {

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Processing " + UUID.randomUUID());
    private final PageAnalytics site = new PageAnalytics(suite, org);

    @Test
    void eventsAcceptedWhileProcessingIsPausedAreCountedOnceItResumes() {
        LocalDate day = yesterday();
        List<ObjectNode> views = IntStream.range(0, 300)
                .mapToObj(i -> site.view("paused-" + (i % 30) + "-" + site.marker, "/paused", at(day, "10:00").plusSeconds(i)))
                .toList();

        JsonNode paused = switchProcessing(true);
        try {
            assertThat(paused.get("paused").asBoolean()).isTrue();
            assertThat(paused.get("consumers").properties()).extracting(consumer -> consumer.getKey() + "=" + consumer.getValue().asBoolean())
                    .contains("page-activity=true", "page-rollups=true", "page-registry=true", "raw-event-archive=true");
            site.send(views.subList(0, 150));
            site.send(views.subList(0, 150));
            // processed, the views would register their page well within this time (commits every 200 ms)
            await().during(Duration.ofSeconds(3)).atMost(Duration.ofSeconds(10)).untilAsserted(() ->
                    assertThat(site.pages().json().get("pages").valueStream().map(page -> page.get("display_url").asString()))
                            .doesNotContain("/paused"));
        } finally {
            assertThat(switchProcessing(false).get("paused").asBoolean()).isFalse();
        }
        site.send(views.subList(150, 300));

        site.awaitPages("/paused");
        String collection = site.createdId("{\"name\": \"Paused\", \"url_patterns\": [\"/paused\"]}");
        String range = "?start=" + day + "&end=" + day;
        await().atMost(Duration.ofSeconds(45)).untilAsserted(() ->
                assertThat(site.analytics(collection, range).at("/summary/total_visits").asLong()).isEqualTo(300));
        PageAnalytics.holds(() -> assertThat(site.analytics(collection, range).at("/summary/total_visits").asLong()).isEqualTo(300));
        JsonNode summary = site.analytics(collection, range).get("summary");
        assertThat(summary.get("total_visits").asLong()).isEqualTo(300);
        assertThat(summary.get("unique_users").asLong()).isEqualTo(30);
    }

    @Test
    void theSwitchAnswersItsStateAndIsNotReachableThroughTheGateway() {
        Answer state = suite.send(HttpRequest.newBuilder(suite.fleet.uriOf(ServiceFleet.ANALYTICS).resolve("/actuator/processing")).GET());
        assertThat(state.status()).isEqualTo(200);
        assertThat(state.json().get("paused").asBoolean()).isFalse();

        Answer throughGateway = suite.post("/actuator/processing", "{\"paused\": true}", "x-api-key", org.apiKey());
        assertThat(throughGateway.status()).isEqualTo(404);
        assertThat(suite.send(HttpRequest.newBuilder(suite.fleet.uriOf(ServiceFleet.ANALYTICS).resolve("/actuator/processing")).GET())
                .json().get("paused").asBoolean()).isFalse();
    }

    private JsonNode switchProcessing(boolean paused) {
        Answer answer = suite.send(HttpRequest.newBuilder(suite.fleet.uriOf(ServiceFleet.ANALYTICS).resolve("/actuator/processing"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"paused\": " + paused + "}")));
        assertThat(answer.status()).as(answer.body()).isEqualTo(200);
        return answer.json();
    }
}
