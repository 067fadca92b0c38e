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
 * Page-day rollups, addressed by id only ({@code org:page:day}), so every read is a primary-key
 * lookup whatever the database and however many events were counted.
 */
@Component
public class RollupStore {

    static final String COLLECTION = "page_rollups";
    private static final int IDS_PER_QUERY = 1000;

    private final ReactiveMongoTemplate mongo;

    RollupStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The rollups that exist among the given ids, whole. */
    public Flux<PageDay> find(List<String> ids) {
        return find(ids, true);
    }

    /**
     * The rollups that exist among the given ids; without their hours unless asked for, which
     * spares reading and decoding two dozen sketches per day when only days are merged. A partial
     * rollup is for reading only: the writer always reads them whole.
     */
    public Flux<PageDay> find(List<String> ids, boolean withHours) {
        return Flux.range(0, (ids.size() + IDS_PER_QUERY - 1) / IDS_PER_QUERY)
                .map(chunk -> ids.subList(chunk * IDS_PER_QUERY, Math.min(ids.size(), (chunk + 1) * IDS_PER_QUERY)))
                .concatMap(chunk -> {
                    Query query = Query.query(Criteria.where("_id").in(chunk));
                    if (!withHours) {
                        query.fields().exclude("hours").exclude("offsets");
                    }
                    return mongo.find(query, Document.class, COLLECTION);
                })
                .map(PageDay::from);
    }

    Mono<Void> saveAll(Collection<PageDay> days) {
        if (days.isEmpty()) {
            return Mono.empty();
        }
        var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, COLLECTION);
        days.forEach(day -> bulk.replaceOne(Query.query(Criteria.where("_id").is(day.id())), day.toDocument(),
                FindAndReplaceOptions.options().upsert()));
        return bulk.execute().then();
    }
}
