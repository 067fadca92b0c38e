package io.engagement.analytics.archive;

import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * A session's recording chunks, read back from the raw-event archive (where ingest's redaction has
 * already been applied): the session's replay documents in time order, each chunk in the order it
 * was received within its hour.
 */
@Component
public class SessionRecording {

    /** A session whose events span longer than this shows the recording of its latest month. */
    static final Duration LONGEST = Duration.ofDays(31);
    private static final int READS_AT_ONCE = 8;

    private final ReactiveMongoTemplate mongo;

    SessionRecording(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The chunks' recordings ({@code data}) of a session whose events lie between {@code from} and {@code to}. */
    public Flux<Document> chunks(long organizationId, String sessionId, Instant from, Instant to) {
        Instant last = to.truncatedTo(ChronoUnit.HOURS);
        Instant first = from.isBefore(to.minus(LONGEST)) ? to.minus(LONGEST) : from;
        return Flux.range(0, (int) ChronoUnit.HOURS.between(first.truncatedTo(ChronoUnit.HOURS), last) + 1)
                .map(hours -> first.truncatedTo(ChronoUnit.HOURS).plus(hours, ChronoUnit.HOURS))
                .flatMapSequential(hour -> mongo.findById(RawEventArchive.replayIdOf(organizationId, sessionId, hour), Document.class,
                        RawEventArchive.collectionFor(hour)), READS_AT_ONCE)
                .concatMapIterable(SessionRecording::recordingsOf);
    }

    private static List<Document> recordingsOf(Document hour) {
        return hour.getList("events", Document.class, List.of()).stream()
                .map(event -> event.get("data", Document.class))
                .filter(data -> data != null)
                .toList();
    }
}
