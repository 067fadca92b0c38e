package io.engagement.messaging.delivery;

import org.bson.Document;

import java.time.Instant;
import java.util.Date;

/** A message's status document as the ledger stores it, read field by field for the status a channel shows. */
public record StatusDocument(Document stored) {

    public String messageId() {
        return stored.getString("_id");
    }

    public String status() {
        return stored.getString("status");
    }

    public int attempts() {
        return stored.getInteger("attempts", 0);
    }

    public String lastError() {
        return stored.getString("last_error");
    }

    public Instant createdAt() {
        return time("created_at");
    }

    public Instant updatedAt() {
        return time("updated_at");
    }

    public Instant sentAt() {
        return time("sent_at");
    }

    /** One of the channel's own fields; {@code null} when absent, as after an erasure. */
    public String text(String field) {
        return stored.getString(field);
    }

    public Integer count(String field) {
        return stored.get(field) instanceof Number number ? number.intValue() : null;
    }

    public Instant time(String field) {
        return stored.get(field) instanceof Date date ? date.toInstant() : null;
    }
}
