package io.engagement.local.fault;

import io.engagement.local.ServiceFleet;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Mail;
import io.engagement.local.support.Routes;
import io.engagement.local.support.RunningSuite;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** The delivery worker stopped in the middle of a batch: every accepted email still arrives, once. */
class MessagingRestartIT {

    private static final int EMAILS = 1000;

    private final RunningSuite suite = RunningSuite.get();
    private final Mail mail = new Mail(suite, suite.createOrganization("Restart " + UUID.randomUUID()));

    @Test
    void everyAcceptedEmailArrivesExactlyOnceAcrossARestartOfTheWorker() {
        String batch = UUID.randomUUID().toString();
        String emails = String.join(",", Collections.nCopies(EMAILS,
                "{\"to_email\": \"restart-%s@example.com\", \"subject\": \"Batch %s\", \"text_content\": \"t\"}".formatted(batch, batch)));
        Answer accepted = suite.post(Routes.EMAIL_BULK, "{\"emails\": [" + emails + "]}",
                "X-Transactional-Key", mail.org().transactionalKey());
        assertThat(accepted.status()).isEqualTo(200);
        List<String> ids = new ArrayList<>();
        accepted.json().get("messages").forEach(message -> ids.add(message.get("message_id").asString()));

        await().atMost(Mail.DELIVERED).pollInterval(Duration.ofMillis(20)).until(() -> delivered(ids).size() >= 20);
        suite.fleet.stop(ServiceFleet.MESSAGING);
        int beforeRestart = delivered(ids).size();
        suite.fleet.start(ServiceFleet.MESSAGING);
        suite.fleet.awaitHealthy(Duration.ofMinutes(2));

        assertThat(beforeRestart).isLessThan(EMAILS);
        await().atMost(Duration.ofMinutes(2)).until(() -> delivered(ids).size() == EMAILS);
        Map<String, Long> copies = delivered(ids);
        assertThat(copies.values()).allMatch(count -> count == 1);
        JsonNode last = mail.awaitStatus(ids.get(EMAILS - 1), "sent");
        assertThat(last.get("attempts").asInt()).isEqualTo(1);
    }

    /** Copies received per message of the batch. */
    private Map<String, Long> delivered(List<String> ids) {
        Map<String, String> byHeader = ids.stream().collect(Collectors.toMap(id -> id + "@engagement", Function.identity()));
        return suite.smtp.received().stream()
                .filter(received -> byHeader.containsKey(received.messageId()))
                .collect(Collectors.groupingBy(received -> byHeader.get(received.messageId()), Collectors.counting()));
    }
}
