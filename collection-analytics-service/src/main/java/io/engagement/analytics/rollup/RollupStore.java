package io.engagement.analytics.rollup;

import org.bson.Document;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.List;

/**
 * Page rollups by month and by day, addressed by id only ({@code org:page:2026-11},
 * {@code org:page:2026-11-21}), so every read is a primary-key lookup whatever the database and
 * however many events were counted. Counters and sketches live in two collections under the same id.
 */
@Component
class RollupStore {

    static final String COLLECTION = "page_rollups";
    static final String USERS = "page_rollup_users";
    private static final int IDS_PER_QUERY = 1000;

    private final ReactiveMongoTemplate mongo;

    RollupStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The rollups that exist among the given ids, with their counters only. */
    Flux<Rollup> find(List<String> ids) {
        return findCounters(ids).map(Rollup::from);
    }

    /** The counters documents among the given ids. */
    Flux<Document> findCounters(List<String> ids) {
        return byIds(COLLECTION, ids);
    }

    /** The sketches documents among the given ids. */
    Flux<Document> findUsers(List<String> ids) {
        return byIds(USERS, ids);
    }

    /** Sketches first, then counters: the counters' write is what makes the records count as applied. */
    Mono<Void> saveAll(Collection<Rollup> rollups) {
        if (rollups.isEmpty()) {
            return Mono.empty();
        }
        return replaceAll(USERS, rollups.stream().map(Rollup::usersDocument).toList())
                .then(replaceAll(COLLECTION, rollups.stream().map(Rollup::toDocument).toList()));
    }

    private Flux<Document> byIds(String collection, List<String> ids) {
        return Flux.range(0, (ids.size() + IDS_PER_QUERY - 1) / IDS_PER_QUERY)
                .map(chunk -> ids.subList(chunk * IDS_PER_QUERY, Math.min(ids.size(), (chunk + 1) * IDS_PER_QUERY)))
                .concatMap(chunk -> mongo.find(Query.query(Criteria.where("_id").in(chunk)), Document.class, collection));
    }

    private Mono<Void> replaceAll(String collection, List<Document> documents) {
        var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, collection);
        documents.forEach(document -> bulk.replaceOne(Query.query(Criteria.where("_id").is(document.get("_id"))), document,
                FindAndReplaceOptions.options().upsert()));
        return bulk.execute().then();
    }
}
