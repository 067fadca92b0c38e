package io.engagement.gateway.person;

import io.engagement.platform.auth.Secrets;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.store.EmailKey;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.Date;
import java.util.List;

/** People in the gateway's database, one per e-mail address (a unique index on the address as matched). */
@Component
public class PersonStore implements StartupWork {

    private static final String COLLECTION = "people";

    private final ReactiveMongoTemplate mongo;
    private final Clock clock;

    PersonStore(ReactiveMongoTemplate mongo, Clock clock) {
        this.mongo = mongo;
        this.clock = clock;
    }

    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index("email", Sort.Direction.ASC).unique()).then();
    }

    public Mono<Person> findByEmail(String email) {
        return mongo.findOne(Query.query(Criteria.where("email").is(EmailKey.of(email))), Document.class, COLLECTION)
                .map(PersonStore::fromDocument);
    }

    public Mono<Person> findById(String personId) {
        return mongo.findById(personId, Document.class, COLLECTION).map(PersonStore::fromDocument);
    }

    /** The person of this address, made (without a password) if there is none; two at once end with one. */
    public Mono<Person> findOrCreate(String email, String name) {
        Person fresh = new Person(Secrets.random("per_", 12), EmailKey.of(email), name, null, clock.instant(), null);
        return findByEmail(email).switchIfEmpty(Mono.defer(() -> mongo.insert(toDocument(fresh), COLLECTION)
                .thenReturn(fresh)
                .onErrorResume(DuplicateKeyException.class, raced -> findByEmail(email))));
    }

    public Mono<Void> setPassword(String personId, String passwordHash) {
        return mongo.updateFirst(Query.query(Criteria.where("_id").is(personId)), new Update().set("password_hash", passwordHash),
                COLLECTION).then();
    }

    public Mono<Person> rename(String personId, String name) {
        return mongo.findAndModify(Query.query(Criteria.where("_id").is(personId)), new Update().set("name", name),
                FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION).map(PersonStore::fromDocument);
    }

    /** A secret waiting for its first code; it replaces any earlier one that never got one. */
    Mono<Void> setPendingMfa(String personId, String secret) {
        return mongo.updateFirst(byId(personId), new Update().set("mfa_pending_secret", secret), COLLECTION).then();
    }

    Mono<String> pendingMfa(String personId) {
        return mongo.findById(personId, Document.class, COLLECTION).mapNotNull(document -> document.getString("mfa_pending_secret"));
    }

    /** Turns the pending secret on with its recovery codes (as hashes) and the step its first code used. */
    Mono<Boolean> enableMfa(String personId, String secret, List<String> recoveryHashes, long usedStep) {
        Query pending = Query.query(Criteria.where("_id").is(personId).and("mfa_pending_secret").is(secret));
        Update on = new Update().set("mfa_secret", secret).unset("mfa_pending_secret").set("mfa_recovery", recoveryHashes)
                .set("mfa_last_step", usedStep);
        return mongo.updateFirst(pending, on, COLLECTION).map(result -> result.getModifiedCount() == 1);
    }

    Mono<Void> disableMfa(String personId) {
        return mongo.updateFirst(byId(personId), new Update().unset("mfa_secret").unset("mfa_recovery").unset("mfa_last_step")
                .unset("mfa_pending_secret"), COLLECTION).then();
    }

    /** Records that a code of {@code step} was used: {@code false}, and nothing changed, when that step or a later one already was. */
    Mono<Boolean> useStep(String personId, long step) {
        Query unused = Query.query(Criteria.where("_id").is(personId).and("mfa_last_step").lt(step));
        return mongo.updateFirst(unused, new Update().set("mfa_last_step", step), COLLECTION).map(result -> result.getModifiedCount() == 1);
    }

    /** Spends one recovery code: {@code false} for a code that is not (or no longer) one of theirs. */
    Mono<Boolean> useRecoveryCode(String personId, String hash) {
        Query held = Query.query(Criteria.where("_id").is(personId).and("mfa_recovery").is(hash));
        return mongo.updateFirst(held, new Update().pull("mfa_recovery", hash), COLLECTION).map(result -> result.getModifiedCount() == 1);
    }

    private static Query byId(String personId) {
        return Query.query(Criteria.where("_id").is(personId));
    }

    private static Document toDocument(Person person) {
        return new Document("_id", person.personId())
                .append("email", person.email())
                .append("name", person.name())
                .append("password_hash", person.passwordHash())
                .append("created_at", Date.from(person.createdAt()));
    }

    private static Person fromDocument(Document document) {
        return new Person(document.getString("_id"), document.getString("email"), document.getString("name"),
                document.getString("password_hash"), document.getDate("created_at").toInstant(), document.getString("mfa_secret"));
    }
}
