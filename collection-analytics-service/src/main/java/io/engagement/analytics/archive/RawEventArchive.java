package io.engagement.analytics.archive;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.event.OrganizationPolicy;
import io.engagement.platform.store.Documents;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.time.UtcInstants;
import io.engagement.platform.trace.RecordTracing;
import org.bson.Document;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.aggregation.Aggregation;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.messaging.Message;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Keeps raw telemetry and replay chunks for session replay and intelligence. Events are stored in
 * bulk: one document per session and hour for the events and one for the replay chunks (their
 * retentions differ), in one collection per month ({@code raw_events_YYYYMM}). Each document
 * expires by a TTL index (and by {@link RawEventRetention} where the database has no TTL indexes)
 * its organization's {@code raw_event_days} or {@code replay_days} after its hour ended, or after
 * it was first written when that is later: the retention in force when the document is created
 * dates it, and a later change of the policy dates only documents created afterwards. Adding to a
 * document is {@code $addToSet}, so a redelivered poll stores nothing twice. Binding
 * {@code rawEvents-in-0}, batch, over the telemetry and replay topics; it does not start where
 * {@code engagement.analytics.raw-events.enabled} is false.
 */
@Configuration(proxyBeanMethods = false)
class RawEventArchive {

    private static final Logger log = LoggerFactory.getLogger(RawEventArchive.class);
    static final String PARTITION_PREFIX = "raw_events_";
    private static final String REPLAY_SUFFIX = ":replay";
    private static final int COUNTS_AT_ONCE = 4;
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM").withZone(ZoneOffset.UTC);

    private final ReactiveMongoTemplate mongo;
    private final RecordTracing tracing;
    private final OrganizationPolicies policies;
    private final Set<String> prepared = ConcurrentHashMap.newKeySet();

    RawEventArchive(ReactiveMongoTemplate mongo, RecordTracing tracing, OrganizationPolicies policies) {
        this.mongo = mongo;
        this.tracing = tracing;
        this.policies = policies;
    }

    static String collectionFor(Instant at) {
        return PARTITION_PREFIX + MONTH.format(at);
    }

    /** The document that holds a session's events of one hour. */
    static String idOf(long organizationId, String sessionId, Instant hour) {
        return organizationId + ":" + sessionId + ":" + hour.toEpochMilli();
    }

    /** The document that holds a session's replay chunks of one hour. */
    static String replayIdOf(long organizationId, String sessionId, Instant hour) {
        return idOf(organizationId, sessionId, hour) + REPLAY_SUFFIX;
    }

    @Bean
    Consumer<Message<List<String>>> rawEvents() {
        return poll -> onEvents(ReceivedRecords.batchOf(poll));
    }

    void onEvents(List<ConsumerRecord<String, String>> records) {
        PolledRecords<RawEvent> polled = PolledRecords.read(records,
                record -> tracing.inTraceOf(record, "raw-event-archive", () -> raw(record)));
        Map<Chunk, List<Document>> chunks = polled.values().stream()
                .collect(Collectors.groupingBy(RawEvent::chunk, LinkedHashMap::new,
                        Collectors.mapping(RawEvent::event, Collectors.toList())));
        Flux.fromIterable(chunks.keySet().stream().map(Chunk::organizationId).distinct().toList())
                .flatMap(organizationId -> policies.of(organizationId).map(policy -> Map.entry(organizationId, policy.retention())))
                .collectMap(Map.Entry::getKey, Map.Entry::getValue)
                .flatMapMany(retentions -> Flux.fromIterable(chunks.entrySet())
                        .groupBy(chunk -> chunk.getKey().collection())
                        .concatMap(month -> prepare(month.key())
                                .thenMany(month.collectList().flatMap(entries -> store(month.key(), entries, retentions)))))
                .blockLast();
        polled.rejectUnreadable();
    }

    private Mono<Void> store(String collection, List<Map.Entry<Chunk, List<Document>>> chunks,
                             Map<Long, OrganizationPolicy.Retention> retentions) {
        Instant now = Instant.now();
        var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, collection);
        chunks.forEach(chunk -> bulk.upsert(Query.query(Criteria.where("_id").is(chunk.getKey().id())), new Update()
                .setOnInsert("organization_id", chunk.getKey().organizationId())
                .setOnInsert("session_id", chunk.getKey().sessionId())
                .setOnInsert("hour", Date.from(chunk.getKey().hour()))
                .setOnInsert("expires_at", Date.from(expiry(chunk.getKey(), retentions.get(chunk.getKey().organizationId()), now)))
                .addToSet("events").each(chunk.getValue().toArray())));
        List<String> recordings = chunks.stream().map(Map.Entry::getKey).filter(Chunk::replay).map(Chunk::id).toList();
        return bulk.execute().then(countStored(collection, recordings));
    }

    /**
     * Each recording document says how many chunks it holds ({@code chunk_count}), counted in the
     * database after the write: what the sessions API shows is what is stored, never what was
     * received. {@code $max}, as the set only grows: a count taken before a concurrent write lands
     * after it without lowering it.
     */
    private Mono<Void> countStored(String collection, List<String> recordings) {
        return Flux.fromIterable(recordings)
                .flatMap(id -> mongo.aggregate(Aggregation.newAggregation(
                                        Aggregation.match(Criteria.where("_id").is(id)),
                                        Aggregation.project().and("events").size().as(SessionRecording.CHUNK_COUNT)),
                                collection, Document.class)
                        .next()
                        .flatMap(counted -> mongo.updateFirst(Query.query(Criteria.where("_id").is(id)),
                                new Update().max(SessionRecording.CHUNK_COUNT, counted.getInteger(SessionRecording.CHUNK_COUNT)), collection)),
                        COUNTS_AT_ONCE)
                .then();
    }

    private Instant expiry(Chunk chunk, OrganizationPolicy.Retention retention, Instant now) {
        Instant hourEnded = chunk.hour().plus(1, ChronoUnit.HOURS);
        return policies.expiry(hourEnded.isAfter(now) ? hourEnded : now, chunk.replay() ? retention.replayDays() : retention.rawEventDays());
    }

    /** Each monthly collection gets its indexes the first time this process writes to it. */
    private Mono<Void> prepare(String collection) {
        if (prepared.contains(collection)) {
            return Mono.empty();
        }
        return Indexes.ensure(mongo, collection,
                new Index().on("expires_at", Sort.Direction.ASC).expire(Duration.ZERO),
                new Index().on("organization_id", Sort.Direction.ASC).on("session_id", Sort.Direction.ASC)
                        .on("hour", Sort.Direction.ASC))
                .then(Mono.fromRunnable(() -> prepared.add(collection)));
    }

    /** The envelope is read once, straight into the document stored: the event is kept as it came. Empty for a tombstone. */
    private Optional<RawEvent> raw(ConsumerRecord<String, String> record) {
        if (record.value() == null) {
            return Optional.empty();
        }
        try {
            Document envelope = Document.parse(record.value());
            Document data = envelope.get("data", Document.class);
            Instant at = UtcInstants.read(data.getString("timestamp"));
            Chunk chunk = new Chunk(Documents.longOf(envelope, "org_id"), Objects.requireNonNull(data.getString("session_id"), "session_id"),
                    at.truncatedTo(ChronoUnit.HOURS), "replay".equals(data.get("type")));
            log.debug("Archiving a {} event of session {}", data.get("type"), chunk.sessionId());
            return Optional.of(new RawEvent(chunk, data));
        } catch (RuntimeException unreadable) {
            throw new UnreadableRecord("an unreadable raw event: " + unreadable, unreadable);
        }
    }

    private record RawEvent(Chunk chunk, Document event) {
    }

    private record Chunk(long organizationId, String sessionId, Instant hour, boolean replay) {

        String id() {
            return replay ? replayIdOf(organizationId, sessionId, hour) : idOf(organizationId, sessionId, hour);
        }

        String collection() {
            return collectionFor(hour);
        }
    }
}
