package io.engagement.customer.bot;

import org.bson.Document;
import org.bson.types.Binary;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Uploaded files kept until they are read, in parts well under a document's 16 MB limit, so an
 * upload answered 202 survives a restart before its text is extracted. A part's {@code _id} is
 * {@code source:n}, so the parts are read and removed by the unique {@code _id} index alone.
 */
@Component
class SourceFiles {

    static final String COLLECTION = "bot_files";
    private static final int PART_BYTES = 4 * 1024 * 1024;

    private final ReactiveMongoTemplate mongo;

    SourceFiles(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The parts' count, once every part is written. */
    Mono<Integer> write(String sourceId, byte[] content) {
        List<Document> parts = new ArrayList<>();
        for (int offset = 0, n = 0; offset < content.length || n == 0; offset += PART_BYTES, n++) {
            byte[] part = Arrays.copyOfRange(content, offset, Math.min(content.length, offset + PART_BYTES));
            parts.add(new Document("_id", id(sourceId, n)).append("source_id", sourceId).append("content", new Binary(part)));
        }
        return Flux.fromIterable(parts).concatMap(part -> mongo.insert(part, COLLECTION)).then(Mono.just(parts.size()));
    }

    Mono<byte[]> read(String sourceId, int parts) {
        List<String> ids = ids(sourceId, parts);
        return mongo.find(Query.query(Criteria.where("_id").in(ids)), Document.class, COLLECTION)
                .collectMap(part -> part.getString("_id"), part -> part.get("content", Binary.class).getData())
                .map(byId -> {
                    ByteArrayOutputStream whole = new ByteArrayOutputStream();
                    for (String id : ids) {
                        byte[] part = byId.get(id);
                        if (part == null) {
                            throw new TextExtraction.Unreadable("the uploaded file is incomplete");
                        }
                        whole.writeBytes(part);
                    }
                    return whole.toByteArray();
                });
    }

    Mono<Void> delete(String sourceId, int parts) {
        return mongo.remove(Query.query(Criteria.where("_id").in(ids(sourceId, parts))), COLLECTION).then();
    }

    private static List<String> ids(String sourceId, int parts) {
        return IntStream.range(0, parts).mapToObj(n -> id(sourceId, n)).toList();
    }

    private static String id(String sourceId, int n) {
        return sourceId + ":" + n;
    }
}
