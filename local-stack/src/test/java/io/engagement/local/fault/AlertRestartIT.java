package io.engagement.local.fault;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Alerts;
import io.engagement.local.support.Receiver;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** The alert service stopped and started in the middle of a window: no alert is lost, none is raised twice. */
class AlertRestartIT {

    private final RunningSuite suite = RunningSuite.get();
    private final Alerts org = new Alerts(suite, suite.createOrganization("Restart alerts " + UUID.randomUUID()));
    private final String session = "s-" + UUID.randomUUID();

    @Test
    void countsAndPendingRetriesSurviveARestartOfTheAlertServiceWithoutDuplicateOrLoss() {
        try (Receiver receiver = Receiver.failingFirst(Integer.MAX_VALUE)) {
            restartMidWindow(receiver);
        }
    }

    private void restartMidWindow(Receiver receiver) {
        String early = org.rule("""
                {"name": "early", "type": "high_error_frequency", "threshold": 5, "frequency": "hourly",
                 "channels": [{"type": "webhook", "target": "%s"}]}""".formatted(receiver.url("/restart")));
        String late = org.rule(Alerts.countRule("high_error_frequency", 20));
        Instant window = Alerts.hourStart(1);
        org.events(errors(window, 0, 10));
        String earlyAlert = org.awaitAlert(early).get("alert_id").asString();
        receiver.awaitRequests(1);

        suite.fleet.stop(ServiceFleet.ALERT);
        org.events(errors(window, 10, 10));
        receiver.heal();
        int failedBeforeRestart = receiver.received().size();
        suite.fleet.start(ServiceFleet.ALERT);
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));

        JsonNode delivered = org.awaitAlertState(earlyAlert, state -> Alerts.delivery(state, "webhook").get("status").asString().equals("delivered"));
        // the attempts that failed before the stop, then the one after the start that the healed receiver took
        assertThat(Alerts.delivery(delivered, "webhook").get("attempts").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(receiver.received().size()).isGreaterThan(failedBeforeRestart);
        assertThat(receiver.received()).extracting(request -> request.header("webhook-id")).containsOnly(receiver.received().get(0).header("webhook-id"));
        JsonNode raised = org.awaitAlert(late);
        assertThat(raised.get("value").asDouble()).isEqualTo(20);
        org.events(errors(window, 20, 5));
        String marker = org.rule(Alerts.countRule("high_error_frequency", 1));
        org.events(errors(window, 25, 1));
        org.awaitAlert(marker);
        assertThat(org.alertsOf(early)).hasSize(1);
        assertThat(org.alertsOf(late)).hasSize(1);
    }

    private List<String> errors(Instant window, int from, int count) {
        return IntStream.range(from, from + count).mapToObj(i -> Alerts.consoleError(session, window.plusSeconds(i))).toList();
    }
}
