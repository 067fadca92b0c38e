package io.engagement.messaging.sms;

import io.engagement.messaging.delivery.StatusDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.time.Instant;
import java.util.Date;

import static org.assertj.core.api.Assertions.assertThat;

/** The contract's SMS status: the ledger's fields, the channel's own, then the times, in that order. */
class SmsStatusTest {

    private static final JsonMapper API = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();
    private static final Date AT = Date.from(Instant.parse("2026-11-28T09:20:00Z"));

    @Test
    void aDeliveredSmsShowsItsFieldsInTheContractsOrder() {
        Document stored = new Document("_id", "m1").append("org", 7L).append("status", "sent").append("attempts", 1)
                .append("last_error", null).append("created_at", AT).append("updated_at", AT).append("sent_at", AT)
                .append("expires_at", AT).append("to", "+12015550123").append("sender_id", "ACME").append("channel", null)
                .append("segments", 2).append("encoding", "gsm-7").append("smsc_message_id", "s1")
                .append("delivery_status", "delivrd").append("receipt_at", AT);

        assertThat(API.writeValueAsString(SmsStatus.of(new StatusDocument(stored)))).isEqualTo("""
                {"message_id":"m1","status":"sent","attempts":1,"last_error":null,"to":"+12015550123","sender_id":"ACME",\
                "channel":null,"segments":2,"encoding":"gsm-7","smsc_message_id":"s1","delivery_status":"delivrd",\
                "receipt_at":"2026-11-28T09:20:00Z","created_at":"2026-11-28T09:20:00Z","updated_at":"2026-11-28T09:20:00Z",\
                "sent_at":"2026-11-28T09:20:00Z"}""");
    }

    @Test
    void anErasedRecipientShowsAsNull() {
        Document stored = new Document("_id", "m1").append("status", "queued").append("erased", true).append("created_at", AT);

        assertThat(API.writeValueAsString(SmsStatus.of(new StatusDocument(stored)))).isEqualTo("""
                {"message_id":"m1","status":"queued","attempts":0,"last_error":null,"to":null,"sender_id":null,\
                "channel":null,"segments":null,"encoding":null,"smsc_message_id":null,"delivery_status":null,\
                "receipt_at":null,"created_at":"2026-11-28T09:20:00Z","updated_at":null,"sent_at":null}""");
    }
}
