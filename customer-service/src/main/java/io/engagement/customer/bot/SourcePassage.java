package io.engagement.customer.bot;

/** One passage of a source's generation, as kept. */
record SourcePassage(String passageId, String sourceId, String text) {
}
