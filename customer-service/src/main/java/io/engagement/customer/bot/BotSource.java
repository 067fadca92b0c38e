package io.engagement.customer.bot;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;

/**
 * A knowledge source as the API shows it: a file, a website or a question with its answer.
 * {@code chunks} and {@code indexed_at} appear once it is indexed, {@code error} once it failed.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
record BotSource(String sourceId, String kind, String name, String status, Integer chunks, Instant indexedAt, String error,
                 String url, String refreshFrequency, String question, String answer, Instant timeCreated, Instant timeUpdated) {

    static final String FILE = "file";
    static final String WEBSITE = "website";
    static final String QNA = "qna";
    static final String PROCESSING = "Processing";
    static final String ACTIVE = "Active";
    static final String FAILED = "Failed";
}
