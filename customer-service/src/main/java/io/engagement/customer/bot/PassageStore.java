package io.engagement.customer.bot;

import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.stream.IntStream;

/**
 * The passages of each source's generation, {@code _id} {@code source:generation:n}: who knows a
 * source's generation and count knows its passages' ids, so they are read by the unique
 * {@code _id} index alone.
 */
@Component
class PassageStore {

    static final String COLLECTION = "bot_passages";
    private static final int PER_WRITE = 500;

    private final ReactiveMongoTemplate mongo;

    PassageStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    Mono<Void> write(long organizationId, String sourceId, int generation, List<String> passages) {
        List<Document> documents = new ArrayList<>();
        for (int n = 0; n < passages.size(); n++) {
            documents.add(new Document("_id", id(sourceId, generation, n)).append("organization_id", organizationId)
                    .append("source_id", sourceId).append("text", passages.get(n)));
        }
        return Flux.fromIterable(documents).buffer(PER_WRITE).concatMap(batch -> mongo.insertAll(Mono.just(batch), COLLECTION)).then();
    }

    /** Each passage's text by id; a missing one (its source removed meanwhile) is left out. */
    Flux<SourcePassage> read(Collection<String> ids) {
        return Flux.fromIterable(ids).buffer(PER_WRITE)
                .concatMap(batch -> mongo.find(Query.query(Criteria.where("_id").in(batch)), Document.class, COLLECTION))
                .map(passage -> new SourcePassage(passage.getString("_id"), passage.getString("source_id"), passage.getString("text")));
    }

    Mono<Void> delete(String sourceId, int generation, int count) {
        return Flux.fromIterable(ids(sourceId, generation, count)).buffer(PER_WRITE)
                .concatMap(batch -> mongo.remove(Query.query(Criteria.where("_id").in(batch)), COLLECTION))
                .then();
    }

    static List<String> ids(String sourceId, int generation, int count) {
        return IntStream.range(0, count).mapToObj(n -> id(sourceId, generation, n)).toList();
    }

    private static String id(String sourceId, int generation, int n) {
        return sourceId + ":" + generation + ":" + n;
    }
}
