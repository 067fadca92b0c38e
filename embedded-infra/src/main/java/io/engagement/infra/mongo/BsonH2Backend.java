package io.engagement.infra.mongo;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.h2.H2Backend;

/**
 * mongo-java-server's H2 file backend with documents, ids and index keys stored as BSON instead
 * of Java-serialized (see {@link BsonStoreType}); files written by the plain H2 backend open as
 * they are.
 */
public final class BsonH2Backend extends H2Backend {

    public BsonH2Backend(String fileName) {
        super(fileName);
    }

    @Override
    protected MongoDatabase openOrCreateDatabase(String databaseName) {
        return new BsonH2Database(databaseName, getMvStore(), getCursorRegistry());
    }
}
