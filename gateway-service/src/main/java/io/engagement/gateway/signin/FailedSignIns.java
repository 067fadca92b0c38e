package io.engagement.gateway.signin;

import io.engagement.platform.store.EmailKey;
import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;

/**
 * Failed sign-ins per e-mail address, known or not (so a lockout tells nothing about which exist):
 * one document per address holding its last five failures. Five within 15 minutes lock the address
 * until 15 minutes after the fifth; a success clears them.
 */
@Component
class FailedSignIns {

    static final int ALLOWED = 5;
    static final Duration WINDOW = Duration.ofMinutes(15);
    private static final String COLLECTION = "sign_in_failures";

    private final ReactiveMongoTemplate mongo;
    private final Clock clock;

    FailedSignIns(ReactiveMongoTemplate mongo, Clock clock) {
        this.mongo = mongo;
        this.clock = clock;
    }

    /** The address's failures as stored: how long it stays locked, and whether a success has any to clear. */
    Mono<Record> of(String email) {
        return mongo.findById(EmailKey.of(email), Document.class, COLLECTION)
                .map(document -> new Record(lockRemaining(document.getList("failures", Date.class, List.of())), true))
                .defaultIfEmpty(Record.NONE);
    }

    private Optional<Duration> lockRemaining(List<Date> failures) {
        if (failures.size() < ALLOWED) {
            return Optional.empty();
        }
        Instant first = failures.get(failures.size() - ALLOWED).toInstant();
        Instant fifth = failures.get(failures.size() - 1).toInstant();
        Instant unlocksAt = fifth.plus(WINDOW);
        Instant now = clock.instant();
        boolean withinWindow = Duration.between(first, fifth).compareTo(WINDOW) <= 0;
        return withinWindow && now.isBefore(unlocksAt) ? Optional.of(Duration.between(now, unlocksAt)) : Optional.empty();
    }

    Mono<Void> failed(String email) {
        Update update = new Update().push("failures").slice(-ALLOWED).each(Date.from(clock.instant()));
        return mongo.upsert(Query.query(Criteria.where("_id").is(EmailKey.of(email))), update, COLLECTION).then();
    }

    /** An address's failures: {@code lockedFor} empty when it may try. */
    record Record(Optional<Duration> lockedFor, boolean stored) {

        static final Record NONE = new Record(Optional.empty(), false);
    }

    Mono<Void> succeeded(String email) {
        return mongo.remove(Query.query(Criteria.where("_id").is(EmailKey.of(email))), COLLECTION).then();
    }
}
