package io.engagement.messaging.email;

import io.engagement.messaging.delivery.StatusDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.Date;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's e-mail status: the ledger's fields, the e-mail's own, then the times, in that order. */
class EmailStatusTest {

    private static final JsonMapper API = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void aQueuedEmailShowsItsFieldsInTheContractsOrder() {
        Date at = Date.from(Instant.parse("2026-11-28T09:20:00Z"));
        Document stored = new Document("_id", "m1").append("org", 7L).append("status", "queued").append("attempts", 0)
                .append("last_error", null).append("created_at", at).append("updated_at", at).append("sent_at", null)
                .append("to_email", "ada@example.com").append("subject", "Hello").append("email_type", "transactional");

        assertThat(API.writeValueAsString(EmailStatus.of(new StatusDocument(stored)))).isEqualTo("""
                {"message_id":"m1","status":"queued","attempts":0,"last_error":null,"to_email":"ada@example.com",\
                "subject":"Hello","email_type":"transactional","created_at":"2026-11-28T09:20:00Z",\
                "updated_at":"2026-11-28T09:20:00Z","sent_at":null}""");
    }
}
