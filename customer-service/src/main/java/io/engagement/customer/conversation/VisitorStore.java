package io.engagement.customer.conversation;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.store.EmailKey;
import io.engagement.platform.store.Indexes;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * Visitors, {@code _id} their public id. A visitor token is kept only as its SHA-256
 * ({@code token_hash}, unique), so the database never holds one that works.
 */
@Component
class VisitorStore implements StartupWork {

    static final String COLLECTION = "visitors";

    private final ReactiveMongoTemplate mongo;

    VisitorStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                new Index().on("token_hash", Sort.Direction.ASC).unique(),
                new Index().on("organization_id", Sort.Direction.ASC).on("whatsapp_number", Sort.Direction.ASC));
    }

    Mono<Visitor> insert(Visitor visitor, String tokenHash) {
        return mongo.insert(toDocument(visitor).append("token_hash", tokenHash), COLLECTION).map(VisitorStore::fromDocument);
    }

    /**
     * The WhatsApp user's visitor, made on their first message; their profile name follows what
     * WhatsApp last said. Such a visitor has no token: its {@code token_hash} only keeps the unique
     * index unique, and no token's hash can equal it.
     */
    Mono<Visitor> ofWhatsApp(Visitor visitor) {
        Document created = toDocument(visitor).append("token_hash", "whatsapp:" + visitor.visitorId());
        created.remove("_id");
        Update update = new Update();
        if (visitor.name() != null) {
            created.remove("name");
            update.set("name", visitor.name());
        }
        created.forEach(update::setOnInsert);
        return mongo.findAndModify(Query.query(Criteria.where("_id").is(visitor.visitorId())), update,
                        FindAndModifyOptions.options().upsert(true).returnNew(true), Document.class, COLLECTION)
                .map(VisitorStore::fromDocument);
    }

    /** The visitor a token (by its hash) belongs to, in the organization; empty for any other organization's. */
    Mono<Visitor> byTokenHash(long organizationId, String tokenHash) {
        return mongo.findOne(Query.query(Criteria.where("token_hash").is(tokenHash)), Document.class, COLLECTION)
                .filter(document -> document.get("organization_id", Number.class).longValue() == organizationId)
                .map(VisitorStore::fromDocument);
    }

    Mono<Visitor> find(long organizationId, String visitorId) {
        return mongo.findOne(Query.query(Criteria.where("_id").is(visitorId).and("organization_id").is(organizationId)), Document.class, COLLECTION)
                .map(VisitorStore::fromDocument);
    }

    Mono<Visitor> rename(Visitor visitor, String name, String email) {
        return mongo.findAndModify(Query.query(Criteria.where("_id").is(visitor.visitorId())),
                        new Update().set("name", name).set("email", email).set("email_key", EmailKey.of(email)), FindAndModifyOptions.options().returnNew(true),
                        Document.class, COLLECTION)
                .map(VisitorStore::fromDocument);
    }

    /** Visitors of the organization that claimed or proved the customer id, the e-mail (any case) or the number; safe to repeat. */
    Mono<Void> deleteOf(long organizationId, String customerId, String email, String whatsappNumber) {
        return Flux.concat(
                        remove(organizationId, "customer_id", customerId),
                        remove(organizationId, "email_key", EmailKey.of(email)),
                        remove(organizationId, "whatsapp_number", whatsappNumber))
                .then();
    }

    private Mono<Void> remove(long organizationId, String field, String value) {
        return value == null ? Mono.empty()
                : mongo.remove(Query.query(Criteria.where("organization_id").is(organizationId).and(field).is(value)), COLLECTION).then();
    }

    private static Document toDocument(Visitor visitor) {
        return new Document("_id", visitor.visitorId())
                .append("organization_id", visitor.organizationId())
                .append("name", visitor.name())
                .append("email", visitor.email())
                .append("email_key", EmailKey.of(visitor.email()))
                .append("customer_id", visitor.customerId())
                .append("whatsapp_number", visitor.whatsappNumber())
                .append("verified", visitor.verified())
                .append("verified_identity", visitor.verifiedIdentity())
                .append("anonymous_id", visitor.anonymousId())
                .append("session_id", visitor.sessionId())
                .append("created_at", date(visitor.createdAt()));
    }

    static Visitor fromDocument(Document document) {
        return new Visitor(
                document.getString("_id"),
                document.get("organization_id", Number.class).longValue(),
                document.getString("name"),
                document.getString("email"),
                document.getString("customer_id"),
                document.getString("whatsapp_number"),
                Boolean.TRUE.equals(document.getBoolean("verified")),
                document.getString("verified_identity"),
                document.getString("anonymous_id"),
                document.getString("session_id"),
                instantOf(document, "created_at"));
    }
}
