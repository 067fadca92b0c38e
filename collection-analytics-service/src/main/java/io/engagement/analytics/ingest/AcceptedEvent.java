package io.engagement.analytics.ingest;

import tools.jackson.databind.node.ObjectNode;

import java.time.Instant;

/** A checked, redacted event with an id, and the instant its timestamp names (read once). */
record AcceptedEvent(ObjectNode event, Instant occurredAt) {
}
