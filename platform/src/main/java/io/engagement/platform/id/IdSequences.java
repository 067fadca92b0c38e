package io.engagement.platform.id;

import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import reactor.core.publisher.Mono;

import java.util.UUID;

/**
 * Integer ids (the contract's {@code id}) from one counter document per sequence, incremented
 * atomically, so they stay unique with many service replicas and no transactions.
 */
public final class IdSequences {

    static final String COLLECTION = "id_sequences";

    private final ReactiveMongoTemplate mongo;

    public IdSequences(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    public Mono<Long> next(String sequence) {
        return nextBlock(sequence, 1);
    }

    /** Reserves {@code count} consecutive ids in one write and answers the first. */
    public Mono<Long> nextBlock(String sequence, int count) {
        return mongo.findAndModify(
                        Query.query(Criteria.where("_id").is(sequence)),
                        new Update().inc("value", (long) count),
                        FindAndModifyOptions.options().upsert(true).returnNew(true),
                        Document.class, COLLECTION)
                .map(counter -> ((Number) counter.get("value")).longValue() - count + 1);
    }

    /** A new public id: random, so it tells nothing about volume or order. */
    public static String publicId() {
        return UUID.randomUUID().toString();
    }
}
