package io.engagement.analytics.session;

import java.util.List;

/** {@code GET /external/v1/sessions/{session_id}/replay}: the chunks' recordings in the order received. */
record SessionReplay(String sessionId, List<Object> chunks) {
}
