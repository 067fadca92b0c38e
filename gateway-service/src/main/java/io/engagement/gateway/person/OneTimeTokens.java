package io.engagement.gateway.person;

import io.engagement.platform.auth.Secrets;
import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;

/**
 * The links an e-mail carries to a person (an invitation, a password reset): a random token the
 * mail holds and the database knows only by its hash, redeemed by removing it, so it works once
 * however many requests present it at the same moment.
 */
@Component
public class OneTimeTokens implements StartupWork {

    private static final String COLLECTION = "person_tokens";
    private static final int RANDOM_BYTES = 32;

    private final ReactiveMongoTemplate mongo;
    private final Clock clock;

    OneTimeTokens(ReactiveMongoTemplate mongo, Clock clock) {
        this.mongo = mongo;
        this.clock = clock;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index("person_id", Sort.Direction.ASC)).then();
    }

    /** A new token for the person, and for the organization where it is an invitation; earlier ones of the same purpose there are void. */
    public Mono<String> issue(Purpose purpose, String personId, long organizationId, Duration validFor) {
        String token = Secrets.random("", RANDOM_BYTES);
        Instant now = clock.instant();
        Document document = new Document("_id", Secrets.sha256(token))
                .append("purpose", purpose.name())
                .append("person_id", personId)
                .append("organization_id", organizationId)
                .append("created_at", Date.from(now))
                .append("expires_at", Date.from(now.plus(validFor)));
        return voidEarlier(purpose, personId, organizationId).then(mongo.insert(document, COLLECTION)).thenReturn(token);
    }

    /** The token's holder, leaving the token as it is: what a request checks before it redeems the token. */
    public Mono<Redeemed> peek(Purpose purpose, String token) {
        if (token == null || token.isBlank()) {
            return Mono.empty();
        }
        return mongo.findOne(query(purpose, token), Document.class, COLLECTION).flatMap(this::live);
    }

    /** The token's holder, once: the token is gone afterwards; empty for an unknown, used or expired token. */
    public Mono<Redeemed> redeem(Purpose purpose, String token) {
        if (token == null || token.isBlank()) {
            return Mono.empty();
        }
        return mongo.findAndRemove(query(purpose, token), Document.class, COLLECTION).flatMap(this::live);
    }

    private static Query query(Purpose purpose, String token) {
        return Query.query(Criteria.where("_id").is(Secrets.sha256(token)).and("purpose").is(purpose.name()));
    }

    private Mono<Redeemed> live(Document found) {
        return found.getDate("expires_at").toInstant().isAfter(clock.instant())
                ? Mono.just(new Redeemed(found.getString("person_id"), ((Number) found.get("organization_id")).longValue()))
                : Mono.empty();
    }

    /** Every token of this purpose for the person (in that organization), as when a new one is sent. */
    public Mono<Void> voidEarlier(Purpose purpose, String personId, long organizationId) {
        Query query = Query.query(Criteria.where("person_id").is(personId).and("purpose").is(purpose.name())
                .and("organization_id").is(organizationId));
        return mongo.remove(query, COLLECTION).then();
    }

    public enum Purpose { INVITATION, PASSWORD_RESET }

    public record Redeemed(String personId, long organizationId) {
    }
}
