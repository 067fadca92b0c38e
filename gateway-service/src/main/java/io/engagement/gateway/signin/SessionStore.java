package io.engagement.gateway.signin;

import io.engagement.platform.lifecycle.StartupWork;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Date;
import java.util.concurrent.TimeUnit;

/**
 * Sessions in the gateway's database ({@code signin_sessions}), one document each under the hash
 * of its cookie. MongoDB removes a session once its maximum age has passed ({@code expire_at},
 * a TTL index); an idle one is refused on read and removed with its person's next sign-in.
 */
@Component
class SessionStore implements StartupWork {

    private static final String COLLECTION = "signin_sessions";

    private final ReactiveMongoTemplate mongo;
    private final SessionProperties properties;

    SessionStore(ReactiveMongoTemplate mongo, SessionProperties properties) {
        this.mongo = mongo;
        this.properties = properties;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index("person_id", Sort.Direction.ASC))
                .then(mongo.indexOps(COLLECTION).createIndex(new Index("expire_at", Sort.Direction.ASC).expire(0, TimeUnit.SECONDS)))
                .then();
    }

    Mono<SignInSession> insert(SignInSession session) {
        return mongo.insert(toDocument(session), COLLECTION).thenReturn(session);
    }

    Mono<SignInSession> find(String hash) {
        return mongo.findById(hash, Document.class, COLLECTION).map(SessionStore::fromDocument);
    }

    Flux<SignInSession> ofPerson(String personId) {
        return mongo.find(Query.query(Criteria.where("person_id").is(personId)).with(Sort.by("created_at")), Document.class, COLLECTION)
                .map(SessionStore::fromDocument);
    }

    Mono<Void> touch(String hash, Instant at) {
        return mongo.updateFirst(byHash(hash), new Update().set("last_seen_at", Date.from(at)), COLLECTION).then();
    }

    Mono<Void> switchOrganization(String hash, long organizationId) {
        return mongo.updateFirst(byHash(hash), new Update().set("organization_id", organizationId), COLLECTION).then();
    }

    /** Whether there was such a session. */
    Mono<Boolean> delete(String hash) {
        return mongo.remove(byHash(hash), COLLECTION).map(result -> result.getDeletedCount() > 0);
    }

    private static Query byHash(String hash) {
        return Query.query(Criteria.where("_id").is(hash));
    }

    private Document toDocument(SignInSession session) {
        return new Document("_id", session.hash())
                .append("session_id", session.sessionId())
                .append("person_id", session.personId())
                .append("organization_id", session.organizationId())
                .append("created_at", Date.from(session.createdAt()))
                .append("last_seen_at", Date.from(session.lastSeenAt()))
                .append("expire_at", Date.from(session.createdAt().plus(properties.max())))
                .append("ip", session.ip())
                .append("user_agent", session.userAgent());
    }

    private static SignInSession fromDocument(Document document) {
        return new SignInSession(document.getString("_id"), document.getString("session_id"), document.getString("person_id"),
                ((Number) document.get("organization_id")).longValue(), document.getDate("created_at").toInstant(),
                document.getDate("last_seen_at").toInstant(), document.getString("ip"), document.getString("user_agent"));
    }
}
