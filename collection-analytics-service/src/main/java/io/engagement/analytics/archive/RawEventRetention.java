package io.engagement.analytics.archive;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.time.YearMonth;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Date;
import java.util.Optional;

/**
 * Ends raw events' retention on any MongoDB: a monthly partition whose every chunk has expired is
 * dropped whole, and expired chunks of the other partitions are deleted. The TTL index does the
 * latter on a real MongoDB too; this sweep is what a database without TTL support relies on.
 */
@Component
class RawEventRetention {

    private static final Logger log = LoggerFactory.getLogger(RawEventRetention.class);
    private static final DateTimeFormatter MONTH = DateTimeFormatter.ofPattern("yyyyMM");

    private final ReactiveMongoTemplate mongo;
    private final Duration retention;

    RawEventRetention(ReactiveMongoTemplate mongo, @Value("${engagement.analytics.raw-events.retention:30d}") Duration retention) {
        this.mongo = mongo;
        this.retention = retention;
    }

    @Scheduled(initialDelayString = "${engagement.analytics.raw-events.sweep-interval:1h}",
            fixedDelayString = "${engagement.analytics.raw-events.sweep-interval:1h}")
    void sweepNow() {
        sweep(Instant.now()).onErrorResume(failure -> {
            log.warn("Raw event retention sweep failed; the next one retries: {}", failure.toString());
            return Mono.empty();
        }).block();
    }

    /** Drops partitions wholly past retention and deletes expired chunks of the rest. */
    Mono<Void> sweep(Instant now) {
        return mongo.getCollectionNames()
                .filter(name -> monthOf(name).isPresent())
                .concatMap(name -> wholeMonthExpired(monthOf(name).get(), now)
                        ? mongo.dropCollection(name).doOnSuccess(dropped -> log.info("Dropped {}: past retention", name))
                        : mongo.remove(Query.query(Criteria.where("expires_at").lt(Date.from(now))), name).then())
                .then();
    }

    /** The last chunk of a month starts in its last hour and expires retention plus an hour later. */
    private boolean wholeMonthExpired(YearMonth month, Instant now) {
        Instant lastHourEnds = month.plusMonths(1).atDay(1).atStartOfDay().toInstant(ZoneOffset.UTC);
        return lastHourEnds.plus(retention).isBefore(now);
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
