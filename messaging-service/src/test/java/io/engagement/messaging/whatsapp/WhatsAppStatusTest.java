package io.engagement.messaging.whatsapp;

import io.engagement.messaging.delivery.StatusDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.Date;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's WhatsApp status: the ledger's fields, the message's own, then the times, in that order. */
class WhatsAppStatusTest {

    private static final JsonMapper API = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void aFailedMessageShowsItsFieldsInTheContractsOrder() {
        Date at = Date.from(Instant.parse("2026-11-28T09:20:00Z"));
        Document stored = new Document("_id", "m1").append("org", 7L).append("status", "failed").append("attempts", 3)
                .append("last_error", "provider refused").append("created_at", at).append("updated_at", at).append("sent_at", null)
                .append("to", "+2348012345678").append("from", "+2348000000000");

        assertThat(API.writeValueAsString(WhatsAppStatus.of(new StatusDocument(stored)))).isEqualTo("""
                {"message_id":"m1","status":"failed","attempts":3,"last_error":"provider refused","to":"+2348012345678",\
                "from":"+2348000000000","provider_message_id":null,"created_at":"2026-11-28T09:20:00Z",\
                "updated_at":"2026-11-28T09:20:00Z","sent_at":null}""");
    }
}
