package io.engagement.gateway.key;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.auth.KeyKind;
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

import java.time.Instant;
import java.util.Date;

/** Keys in the gateway's own database, found by hash through a unique index. */
@Component
class ApiKeyStore implements StartupWork {

    private static final String COLLECTION = "api_keys";

    private final ReactiveMongoTemplate mongo;

    ApiKeyStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION).createIndex(new Index("hash", Sort.Direction.ASC).unique()).then();
    }

    Mono<ApiKey> insert(ApiKey key) {
        return mongo.insert(toDocument(key), COLLECTION).thenReturn(key);
    }

    Mono<ApiKey> findByHash(String hash) {
        return mongo.findOne(Query.query(Criteria.where("hash").is(hash)), Document.class, COLLECTION)
                .map(ApiKeyStore::fromDocument);
    }

    Flux<ApiKey> findByOrganization(long organizationId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId))
                .with(Sort.by(Sort.Direction.ASC, "_id"));
        return mongo.find(query, Document.class, COLLECTION).map(ApiKeyStore::fromDocument);
    }

    /** Sets the revocation time once; a second revocation keeps the first time. */
    Mono<ApiKey> revoke(long organizationId, long keyId, Instant at) {
        Query query = Query.query(Criteria.where("_id").is(keyId).and("organization_id").is(organizationId));
        return mongo.findAndModify(query.addCriteria(Criteria.where("revoked_at").is(null)),
                        new Update().set("revoked_at", Date.from(at)),
                        FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION)
                .switchIfEmpty(Mono.defer(() -> mongo.findOne(
                        Query.query(Criteria.where("_id").is(keyId).and("organization_id").is(organizationId)),
                        Document.class, COLLECTION)))
                .map(ApiKeyStore::fromDocument);
    }

    private static Document toDocument(ApiKey key) {
        return new Document("_id", key.keyId())
                .append("organization_id", key.organizationId())
                .append("kind", key.kind().wireName())
                .append("hash", key.hash())
                .append("prefix", key.prefix())
                .append("created_at", Date.from(key.createdAt()))
                .append("revoked_at", key.revokedAt() == null ? null : Date.from(key.revokedAt()))
                .append("name", key.name())
                .append("created_by", key.createdBy());
    }

    private static ApiKey fromDocument(Document document) {
        Date revoked = document.getDate("revoked_at");
        return new ApiKey(
                ((Number) document.get("_id")).longValue(),
                ((Number) document.get("organization_id")).longValue(),
                KeyKind.fromWireName(document.getString("kind")),
                document.getString("hash"),
                document.getString("prefix"),
                document.getDate("created_at").toInstant(),
                revoked == null ? null : revoked.toInstant(),
                document.getString("name"),
                document.getString("created_by"));
    }
}
