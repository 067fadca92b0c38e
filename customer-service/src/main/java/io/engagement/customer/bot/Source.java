package io.engagement.customer.bot;

import java.time.Instant;

/**
 * A knowledge source as it is kept: what the API shows ({@link #view()}) and what reading it needs.
 * {@code generation} and {@code chunks} name the passages that answer for it, {@code generations}
 * counts the readings it was taken over for; {@code dueAt} and {@code leaseUntil} schedule reading.
 */
record Source(String sourceId, long organizationId, String kind, String name, String status,
              FileType fileType, Integer fileParts, Integer fileSize,
              String url, String refreshFrequency, String question, String answer,
              Integer generation, Integer generations, Integer chunks, Instant indexedAt, String error, Integer attempts,
              Instant dueAt, Instant leaseUntil, Instant timeCreated, Instant timeUpdated) {

    /** A file kept in {@code parts}, to be read now. */
    static Source file(String sourceId, long organizationId, String name, FileType type, int parts, int size, Instant now) {
        return new Source(sourceId, organizationId, BotSource.FILE, name, BotSource.PROCESSING, type, parts, size,
                null, null, null, null, null, null, null, null, null, null, now, null, now, now);
    }

    /** A website to read now and again at {@code refreshFrequency}. */
    static Source website(String sourceId, long organizationId, String url, String refreshFrequency, Instant now) {
        return new Source(sourceId, organizationId, BotSource.WEBSITE, url, BotSource.PROCESSING, null, null, null,
                url, refreshFrequency, null, null, null, null, null, null, null, null, now, null, now, now);
    }

    /** A question with its answer, active at once with its one passage of generation 1. */
    static Source qna(String sourceId, long organizationId, String question, String answer, Instant now) {
        return new Source(sourceId, organizationId, BotSource.QNA, question, BotSource.ACTIVE, null, null, null,
                null, null, question, answer, 1, 1, 1, now, null, null, null, null, now, now);
    }

    boolean isFile() {
        return BotSource.FILE.equals(kind);
    }

    boolean isQna() {
        return BotSource.QNA.equals(kind);
    }

    /** The passages' count of the generation that answers for it; none before it is first read. */
    int chunkCount() {
        return chunks == null ? 0 : chunks;
    }

    BotSource view() {
        return new BotSource(sourceId, kind, name, status, chunks, indexedAt, error, url, refreshFrequency, question, answer,
                timeCreated, timeUpdated);
    }
}
