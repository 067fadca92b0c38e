package io.engagement.infra.mongo;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractSynchronizedMongoDatabase;
import de.bwaldvogel.mongo.backend.CollectionOptions;
import de.bwaldvogel.mongo.backend.CursorRegistry;
import de.bwaldvogel.mongo.backend.Index;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.oplog.Oplog;
import org.h2.mvstore.FileStore;
import org.h2.mvstore.MVMap;
import org.h2.mvstore.MVStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * One database of the embedded server in the shared H2 file, laid out as mongo-java-server's own
 * H2 database lays it out (the same map names for documents and collection metadata, so files
 * written before open as they are) but with every map typed by {@link BsonStoreType}.
 */
final class BsonH2Database extends AbstractSynchronizedMongoDatabase<Object> {

    private static final Logger log = LoggerFactory.getLogger(BsonH2Database.class);

    private static final String DOCUMENTS = "databases.";
    private static final String METADATA = "meta.";
    // index keys changed their order with the BSON type, so index maps have new names
    private static final String INDEX = "._bson_index_";
    private static final String SERIALIZED_INDEX = "._index_";

    private final MVStore store;

    BsonH2Database(String databaseName, MVStore store, CursorRegistry cursorRegistry) {
        super(databaseName, cursorRegistry);
        this.store = store;
        initializeNamespacesAndIndexes();
    }

    private static <K, V> MVMap.Builder<K, V> bson() {
        return new MVMap.Builder<K, V>().keyType(new BsonStoreType()).valueType(new BsonStoreType());
    }

    @Override
    protected MongoCollection<Object> openOrCreateCollection(String collectionName, CollectionOptions options) {
        String namespace = getFullCollectionNamespace(collectionName);
        MVMap<Object, Document> documents = store.openMap(DOCUMENTS + namespace, bson());
        MVMap<String, Object> metadata = store.openMap(METADATA + namespace, bson());
        return new BsonH2Collection(this, collectionName, options, documents, metadata, cursorRegistry);
    }

    @Override
    protected Index<Object> openOrCreateUniqueIndex(String collectionName, String indexName, List<IndexKey> keys,
                                                   boolean sparse) {
        String namespace = getFullCollectionNamespace(collectionName);
        MVMap<KeyValue, Object> positions = store.openMap(namespace + INDEX + indexName, bson());
        String serialized = namespace + SERIALIZED_INDEX + indexName;
        if (store.hasMap(serialized)) {
            rebuild(store.openMap(serialized), positions);
        }
        return new BsonUniqueIndex(positions, indexName, keys, sparse);
    }

    /** Copies an index map of the older layout into this one's order, then removes it; a crash in between copies again. */
    private void rebuild(MVMap<KeyValue, Object> serialized, MVMap<KeyValue, Object> positions) {
        log.info("Rebuilding index map '{}' ({} keys)", serialized.getName(), serialized.sizeAsLong());
        serialized.forEach((key, position) -> {
            Object held = positions.putIfAbsent(key, position);
            if (held != null && !held.equals(position)) {
                // the older map told apart keys MongoDB holds equal (1 and 1.0): the first one stays
                log.warn("Index map '{}': key {} names two documents, {} and {}; kept {}", serialized.getName(), key, held,
                        position, held);
            }
        });
        store.removeMap(serialized);
    }

    @Override
    protected void dropIndex(MongoCollection<Object> collection, String indexName) {
        super.dropIndex(collection, indexName);
        store.removeMap(getFullCollectionNamespace(collection.getCollectionName()) + INDEX + indexName);
    }

    @Override
    public void drop(Oplog oplog) {
        super.drop(oplog);
        store.getMapNames().stream()
            .filter(name -> name.startsWith(databaseName + ".")
                || name.startsWith(DOCUMENTS + databaseName + ".")
                || name.startsWith(METADATA + databaseName + "."))
            .toList()
            .forEach(store::removeMap);
    }

    @Override
    public void dropCollection(String collectionName, Oplog oplog) {
        super.dropCollection(collectionName, oplog);
        String namespace = getFullCollectionNamespace(collectionName);
        store.removeMap(DOCUMENTS + namespace);
        store.removeMap(METADATA + namespace);
    }

    /** A renamed collection takes its maps along, its index maps included, so it opens under its new name. */
    @Override
    public void moveCollection(MongoDatabase oldDatabase, MongoCollection<?> collection, String newCollectionName) {
        String oldNamespace = collection.getFullName();
        super.moveCollection(oldDatabase, collection, newCollectionName);
        String newNamespace = getFullCollectionNamespace(newCollectionName);
        rename(DOCUMENTS + oldNamespace, DOCUMENTS + newNamespace);
        rename(METADATA + oldNamespace, METADATA + newNamespace);
        String indexes = oldNamespace + INDEX;
        store.getMapNames().stream().filter(name -> name.startsWith(indexes)).toList()
            .forEach(name -> rename(name, newNamespace + INDEX + name.substring(indexes.length())));
    }

    private void rename(String from, String to) {
        if (store.hasMap(from)) {
            store.renameMap(store.openMap(from, bson()), to);
        }
    }

    @Override
    protected long getStorageSize() {
        FileStore<?> file = store.getFileStore();
        return file == null ? 0 : file.size();
    }

    @Override
    protected long getFileSize() {
        return getStorageSize();
    }
}
