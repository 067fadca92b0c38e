package io.engagement.infra.mongo;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.ArrayFilters;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Collection;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import org.h2.mvstore.MVMap;

import java.util.Comparator;
import java.util.stream.Stream;

/**
 * mongo-java-server's H2 collection, except that an update never changes a stored document in
 * place. The server applies an update to the very document it matched and puts that back; but the
 * stored instance is also what H2's background writer may be serializing at that moment (a
 * {@link java.util.ConcurrentModificationException} there closes the store, and every later
 * operation fails) and what a finished query's reply may still be encoded from. So the documents
 * an update or find-and-modify matches are copies.
 */
final class BsonH2Collection extends H2Collection {

    /** Set while an update runs; read and written under the collection's lock, which every operation holds. */
    private boolean modifying;

    BsonH2Collection(MongoDatabase database, String collectionName, CollectionOptions options, MVMap<Object, Document> documents,
                     MVMap<String, Object> metadata, CursorRegistry cursorRegistry) {
        super(database, collectionName, options, documents, metadata, cursorRegistry);
    }

    @Override
    public synchronized Document updateDocuments(Document selector, Document updateQuery, ArrayFilters arrayFilters, boolean isMulti,
                                                 boolean isUpsert, Oplog oplog) {
        modifying = true;
        try {
            return super.updateDocuments(selector, updateQuery, arrayFilters, isMulti, isUpsert, oplog);
        } finally {
            modifying = false;
        }
    }

    @Override
    public synchronized Document findAndModify(Document query) {
        modifying = true;
        try {
            return super.findAndModify(query);
        } finally {
            modifying = false;
        }
    }

    /** Reads hand out the stored documents as they are; an update gets copies of those it matched, and only of those. */
    @Override
    protected QueryResult matchDocumentsFromStream(Document query, Stream<Document> documents, int numberToSkip, int limit, int batchSize,
                                                   Comparator<Document> order, Document fieldSelector) {
        Stream<Document> matched = modifying
                ? documents.filter(document -> documentMatchesQuery(document, query)).map(Document::cloneDeeply)
                : documents;
        return super.matchDocumentsFromStream(query, matched, numberToSkip, limit, batchSize, order, fieldSelector);
    }
}
