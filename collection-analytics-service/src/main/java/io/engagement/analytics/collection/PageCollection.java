package io.engagement.analytics.collection;

import java.time.Instant;
import java.util.List;

/** A named set of pages: explicit page ids plus URL prefix patterns. */
record PageCollection(String collectionId, String name, String description, List<String> pageIds,
                      List<String> urlPatterns, Instant createdAt, Instant updatedAt) {
}
