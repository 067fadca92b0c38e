package io.engagement.analytics.activity;

import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * A recording chunk's envelope without the recording: what de-duplication and session intelligence
 * need of it (id, session, time, page), small enough to repartition. The chunk itself is archived
 * from the replay topic.
 */
final class ReplayMarks {

    private ReplayMarks() {
    }

    /** Null for a record that is not a readable envelope. */
    static String of(ObjectMapper json, String envelope) {
        try {
            JsonNode parsed = json.readTree(envelope);
            if (!(parsed.path("data") instanceof ObjectNode data)) {
                return null;
            }
            data.remove("data");
            return json.writeValueAsString(parsed);
        } catch (RuntimeException unreadable) {
            return null;
        }
    }
}
