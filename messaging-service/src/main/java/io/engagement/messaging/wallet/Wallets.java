package io.engagement.messaging.wallet;

import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Each organization's SMS credit, in units of one segment to one recipient. A debit is one
 * conditional update of one document: it takes the whole amount or nothing, whatever runs beside it.
 */
@Component
public class Wallets {

    private static final String COLLECTION = "sms_wallets";

    private final ReactiveMongoTemplate mongo;

    Wallets(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** {@code true} when the balance covered {@code units} and they were taken. */
    public Mono<Boolean> debit(long org, long units) {
        Query query = Query.query(Criteria.where("_id").is(org).and("balance").gte(units));
        return mongo.findAndModify(query, new Update().inc("balance", -units), Document.class, COLLECTION).hasElement();
    }

    /** Credits {@code units}; answers the new balance. */
    public Mono<Long> credit(long org, long units) {
        return mongo.findAndModify(Query.query(Criteria.where("_id").is(org)), new Update().inc("balance", units),
                        FindAndModifyOptions.options().upsert(true).returnNew(true), Document.class, COLLECTION)
                .map(Wallets::balanceOf);
    }

    public Mono<Long> balance(long org) {
        return mongo.findById(org, Document.class, COLLECTION).map(Wallets::balanceOf).defaultIfEmpty(0L);
    }

    private static long balanceOf(Document wallet) {
        return ((Number) wallet.get("balance")).longValue();
    }
}
