package io.engagement.local;

import io.engagement.local.support.Answer;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.http.HttpRequest;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code /actuator/bindings} on each service of the running suite lists the bindings its
 * {@code application.yml} declares, each running.
 */
class EventBindingsIT {

    private static final Map<String, List<String>> BINDINGS = Map.of(
            ServiceFleet.CUSTOMER, List.of("organizationPolicyChanged-in-0", "sessionSummaries-in-0", "memberSockets-in-0", "memberDirectory-in-0"),
            ServiceFleet.ANALYTICS, List.of("organizationPolicyChanged-in-0", "pageViews-in-0", "pageActivity-in-0",
                    "sessionSummaries-in-0", "erasedCustomers-in-0", "rawEvents-in-0", "activity-in-0"),
            ServiceFleet.MESSAGING, List.of("organizationPolicyChanged-in-0", "messageQueue-in-0", "reminderTickets-in-0",
                    "reminderContacts-in-0", "reminderSettingsChanges-in-0", "smsErasures-in-0", "whatsAppErasures-in-0",
                    "emailErasures-in-0", "alertEmails-in-0", "accountEmails-in-0"),
            ServiceFleet.ALERT, List.of("alertRaised-in-0", "customerErased-in-0", "detection-in-0", "triggers-in-0"));

    private final RunningSuite suite = RunningSuite.get();

    @Test
    void eachServiceListsItsBindingsRunning() {
        BINDINGS.forEach((service, expected) -> {
            Answer answer = suite.send(HttpRequest.newBuilder(suite.fleet.uriOf(service).resolve("/actuator/bindings")).GET());
            assertThat(answer.status()).as(service + ": " + answer.body()).isEqualTo(200);
            List<JsonNode> bindings = answer.json().valueStream().toList();
            assertThat(bindings).extracting(binding -> binding.get("bindingName").asString()).as(service).containsAll(expected);
            assertThat(bindings).as(service).allSatisfy(binding -> assertThat(binding.get("state").asString()).isEqualTo("running"));
        });
    }
}
