package io.engagement.analytics.rollup;

import org.bson.Document;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.Set;

/**
 * One number per organization that moves on whenever any of its rollups was written, by any
 * instance: a query that finds it unchanged knows that no rollup it read before has changed. It is
 * a change marker, not a count, so moving it twice for one change does no harm.
 */
@Component
public class RollupMarks {

    static final String COLLECTION = "rollup_marks";

    private final ReactiveMongoTemplate mongo;

    RollupMarks(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    public Mono<Long> of(long organizationId) {
        return mongo.findById(organizationId, Document.class, COLLECTION)
                .map(mark -> ((Number) mark.get("mark")).longValue())
                .defaultIfEmpty(0L);
    }

    /** Called after the rollups are written, so a query that reads the new mark also reads the new rollups. */
    Mono<Void> moveOn(Set<Long> organizationIds) {
        if (organizationIds.isEmpty()) {
            return Mono.empty();
        }
        var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, COLLECTION);
        organizationIds.forEach(organizationId -> bulk.upsert(Query.query(Criteria.where("_id").is(organizationId)),
                new Update().inc("mark", 1L)));
        return bulk.execute().then();
    }
}
