package io.engagement.local;

import io.engagement.infra.inbox.ReceivedMail;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** One organization sending email through the suite, and what the embedded SMTP server got of it. */
record Mail(RunningSuite suite, RunningSuite.Organization org) {

    static final Duration DELIVERED = Duration.ofSeconds(60);

    Answer send(String json, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "X-Transactional-Key";
        all[1] = org.transactionalKey();
        System.arraycopy(headers, 0, all, 2, headers.length);
        return suite.post(TransactionalEmailIT.SEND, json, all);
    }

    /** A recipient no other test writes to. */
    String address() {
        return "user-" + UUID.randomUUID() + "@example.com";
    }

    JsonNode status(String messageId) {
        Answer answer = suite.get("/external/v1/transactional-email/messages/" + messageId, "X-Transactional-Key", org.transactionalKey());
        assertThat(answer.status()).isEqualTo(200);
        return answer.json();
    }

    JsonNode awaitStatus(String messageId, String expected) {
        AtomicReference<JsonNode> last = new AtomicReference<>();
        await().atMost(DELIVERED).untilAsserted(() -> {
            last.set(status(messageId));
            assertThat(last.get().get("status").asString()).isEqualTo(expected);
        });
        return last.get();
    }

    ReceivedMail awaitDelivered(String messageId) {
        await().atMost(DELIVERED).until(() -> deliveredCopies(messageId) > 0);
        return copies(messageId).get(0);
    }

    long deliveredCopies(String messageId) {
        return copies(messageId).size();
    }

    private List<ReceivedMail> copies(String messageId) {
        String header = messageId + "@engagement";
        return suite.smtp.received().stream().filter(mail -> mail.messageId().equals(header)).toList();
    }
}
