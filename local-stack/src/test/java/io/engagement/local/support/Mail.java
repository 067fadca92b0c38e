package io.engagement.local.support;

import io.engagement.infra.inbox.ReceivedMail;
import tools.jackson.databind.JsonNode;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** One organization sending email through the suite, and what the embedded SMTP server got of it. */
public record Mail(RunningSuite suite, RunningSuite.Organization org) {

    public static final Duration DELIVERED = Duration.ofSeconds(60);
    /** The suite's Message-ID is the message's id at this domain. */
    private static final String HEADER_SUFFIX = "@engagement";

    public Answer send(String json, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "X-Transactional-Key";
        all[1] = org.transactionalKey();
        System.arraycopy(headers, 0, all, 2, headers.length);
        return suite.post(Routes.EMAIL_SEND, json, all);
    }

    /** A recipient no other test writes to. */
    public String address() {
        return "user-" + UUID.randomUUID() + "@example.com";
    }

    public JsonNode status(String messageId) {
        Answer answer = suite.get("/external/v1/transactional-email/messages/" + messageId, "X-Transactional-Key", org.transactionalKey());
        assertThat(answer.status()).isEqualTo(200);
        return answer.json();
    }

    public JsonNode awaitStatus(String messageId, String expected) {
        AtomicReference<JsonNode> last = new AtomicReference<>();
        await().atMost(DELIVERED).untilAsserted(() -> {
            last.set(status(messageId));
            assertThat(last.get().get("status").asString()).isEqualTo(expected);
        });
        return last.get();
    }

    public ReceivedMail awaitDelivered(String messageId) {
        await().atMost(DELIVERED).until(() -> deliveredCopies(messageId) > 0);
        return copies(messageId).get(0);
    }

    public long deliveredCopies(String messageId) {
        return copies(messageId).size();
    }

    /** How many copies of each of these messages arrived, in one pass over the inbox; one not arrived is absent. */
    public Map<String, Long> deliveredCopies(Collection<String> messageIds) {
        Set<String> headers = messageIds.stream().map(Mail::header).collect(Collectors.toSet());
        return suite.smtp.received().stream().map(ReceivedMail::messageId).filter(headers::contains)
                .collect(Collectors.groupingBy(header -> header.substring(0, header.length() - HEADER_SUFFIX.length()),
                        Collectors.counting()));
    }

    private List<ReceivedMail> copies(String messageId) {
        String header = header(messageId);
        return suite.smtp.received().stream().filter(mail -> mail.messageId().equals(header)).toList();
    }

    private static String header(String messageId) {
        return messageId + HEADER_SUFFIX;
    }
}
