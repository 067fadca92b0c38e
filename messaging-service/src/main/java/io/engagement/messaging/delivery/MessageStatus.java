package io.engagement.messaging.delivery;

import org.bson.Document;

import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;

/** A message's status document as the API shows it: the ledger's fields and the channel's own. */
public final class MessageStatus {

    private MessageStatus() {
    }

    public static Map<String, Object> of(Document document, String... channelFields) {
        Map<String, Object> status = new LinkedHashMap<>();
        status.put("message_id", document.getString("_id"));
        status.put("status", document.getString("status"));
        status.put("attempts", document.getInteger("attempts", 0));
        status.put("last_error", document.getString("last_error"));
        for (String field : channelFields) {
            status.put(field, shown(document.get(field)));
        }
        status.put("created_at", shown(document.get("created_at")));
        status.put("updated_at", shown(document.get("updated_at")));
        status.put("sent_at", shown(document.get("sent_at")));
        return status;
    }

    private static Object shown(Object value) {
        return value instanceof Date date ? date.toInstant() : value;
    }
}
