package io.engagement.analytics.archive;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.Optional;

/**
 * Ends raw events' and replay chunks' retention on any MongoDB: expired documents are deleted, and a
 * monthly partition left empty is dropped. The TTL index deletes expired documents on a real MongoDB
 * too; this sweep is what a database without TTL support relies on. Retention differs by
 * organization, so a partition goes only once nothing in it is left to keep.
 */
@Component
class RawEventRetention {

    private static final Logger log = LoggerFactory.getLogger(RawEventRetention.class);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM");

    private final ReactiveMongoTemplate mongo;

    RawEventRetention(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Scheduled(initialDelayString = "${engagement.analytics.raw-events.sweep-interval:1h}",
            fixedDelayString = "${engagement.analytics.raw-events.sweep-interval:1h}")
    void sweepNow() {
        sweep(Instant.now()).onErrorResume(failure -> {
            log.warn("Raw event retention sweep failed; the next one retries: {}", failure.toString());
            return Mono.empty();
        }).block();
    }

    /** Deletes expired documents, and drops the partitions of past months that have none left. */
    Mono<Void> sweep(Instant now) {
        YearMonth current = YearMonth.from(now.atZone(ZoneOffset.UTC));
        return mongo.getCollectionNames()
                .filter(name -> monthOf(name).isPresent())
                .concatMap(name -> mongo.remove(Query.query(Criteria.where("expires_at").lt(Date.from(now))), name)
                        .then(monthOf(name).get().isBefore(current) ? dropIfEmpty(name) : Mono.empty()))
                .then();
    }

    /** A past month gets no new documents but late events; one that arrives after the drop makes the partition again. */
    private Mono<Void> dropIfEmpty(String name) {
        return mongo.count(new Query(), name)
                .filter(left -> left == 0)
                .flatMap(empty -> mongo.dropCollection(name).doOnSuccess(dropped -> log.info("Dropped {}: past retention", name)));
    }

    static Optional<YearMonth> monthOf(String collection) {
        if (!collection.startsWith(RawEventArchive.PARTITION_PREFIX)) {
            return Optional.empty();
        }
        try {
            return Optional.of(YearMonth.parse(collection.substring(RawEventArchive.PARTITION_PREFIX.length()), MONTH));
        } catch (DateTimeParseException notAPartition) {
            return Optional.empty();
        }
    }
}
