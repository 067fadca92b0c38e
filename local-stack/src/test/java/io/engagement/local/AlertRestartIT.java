package io.engagement.local;

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
    void countsSurviveARestartOfTheAlertServiceWithoutDuplicateOrLoss() {
        String early = org.rule(Alerts.countRule("high_error_frequency", 5));
        String late = org.rule(Alerts.countRule("high_error_frequency", 20));
        Instant window = Alerts.hourStart(1);
        org.events(errors(window, 0, 10));
        org.awaitAlert(early);

        suite.fleet.stop(ServiceFleet.ALERT);
        org.events(errors(window, 10, 10));
        suite.fleet.start(ServiceFleet.ALERT);
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));

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
