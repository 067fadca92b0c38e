package io.engagement.platform.store;

import org.springframework.data.mongodb.core.ReactiveMongoOperations;
import org.springframework.data.mongodb.core.index.IndexDefinition;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** A collection's indexes, created one after another at start-up; an index that exists already is left as it is. */
public final class Indexes {

    private Indexes() {
    }

    public static Mono<Void> ensure(ReactiveMongoOperations mongo, String collection, IndexDefinition... indexes) {
        var operations = mongo.indexOps(collection);
        return Flux.fromArray(indexes).concatMap(operations::createIndex).then();
    }
}
