package io.engagement.analytics.archive;

import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.stream.LongStream;
import java.util.stream.Stream;

/**
 * A session's recording chunks, read back from the raw-event archive (where ingest's redaction has
 * already been applied): the session's replay documents in time order, each chunk in the order it
 * was received within its hour.
 */
@Component
public class SessionRecording {

    /** A session whose events span longer than this shows the recording of its latest month. */
    static final Duration LONGEST = Duration.ofDays(31);
    static final String CHUNK_COUNT = "chunk_count";
    private static final int READS_AT_ONCE = 8;

    private final ReactiveMongoTemplate mongo;

    SessionRecording(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The chunks' recordings ({@code data}) of a session whose events lie between {@code from} and {@code to}. */
    public Flux<Document> chunks(long organizationId, String sessionId, Instant from, Instant to) {
        return Flux.fromStream(hours(firstHour(from, to), to))
                .flatMapSequential(hour -> mongo.findById(RawEventArchive.replayIdOf(organizationId, sessionId, hour), Document.class,
                        RawEventArchive.collectionFor(hour)), READS_AT_ONCE)
                .concatMapIterable(SessionRecording::recordingsOf);
    }

    /**
     * How many chunks of the session's recording are stored (and not yet expired): the sum of its
     * hours' {@code chunk_count}, read without the chunks.
     */
    public Mono<Long> storedChunks(long organizationId, String sessionId, Instant from, Instant to) {
        Instant first = firstHour(from, to);
        return Flux.fromStream(hours(first, to))
                .flatMap(hour -> {
                    Query recording = Query.query(Criteria.where("_id").is(RawEventArchive.replayIdOf(organizationId, sessionId, hour)));
                    recording.fields().include(CHUNK_COUNT);
                    return mongo.findOne(recording, Document.class, RawEventArchive.collectionFor(hour));
                }, READS_AT_ONCE)
                .map(hour -> hour.get(CHUNK_COUNT, Number.class) == null ? 0L : hour.get(CHUNK_COUNT, Number.class).longValue())
                .reduce(0L, Long::sum);
    }

    private static Instant firstHour(Instant from, Instant to) {
        return (from.isBefore(to.minus(LONGEST)) ? to.minus(LONGEST) : from).truncatedTo(ChronoUnit.HOURS);
    }

    private static Stream<Instant> hours(Instant first, Instant to) {
        long count = ChronoUnit.HOURS.between(first, to.truncatedTo(ChronoUnit.HOURS)) + 1;
        return LongStream.range(0, count).mapToObj(hours -> first.plus(hours, ChronoUnit.HOURS));
    }

    private static List<Document> recordingsOf(Document hour) {
        return hour.getList("events", Document.class, List.of()).stream()
                .map(event -> event.get("data", Document.class))
                .filter(data -> data != null)
                .toList();
    }
}
