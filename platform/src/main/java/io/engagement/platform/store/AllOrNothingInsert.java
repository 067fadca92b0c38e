package io.engagement.platform.store;

import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * Inserts a batch of documents all or none, without multi-document transactions: if one insert
 * fails (a racing duplicate), the documents already written are removed again before the failure
 * is passed on.
 */
public final class AllOrNothingInsert {

    private AllOrNothingInsert() {
    }

    public static Mono<List<Document>> insert(ReactiveMongoTemplate mongo, String collection, List<Document> documents) {
        return mongo.insertAll(Mono.just(documents), collection)
                .collectList()
                .onErrorResume(failure -> mongo.remove(Query.query(Criteria.where("_id").in(
                                documents.stream().map(document -> document.get("_id")).toList())), collection)
                        .then(Mono.error(failure)));
    }
}
