package io.engagement.infra.mongo;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.Document;
import org.h2.mvstore.MVMap;

import java.util.List;
import java.util.Map.Entry;

/**
 * A unique index in an H2 map whose keys are stored and compared by {@link BsonStoreType}. It also
 * serves a query that names other fields besides its keys, such as {@code {_id: {$in: [...]},
 * status: "queued"}}: the documents it finds by its keys are then matched against the whole query,
 * as every document is, instead of the collection being scanned.
 */
final class BsonUniqueIndex extends AbstractUniqueIndex<Object> {

    private final MVMap<KeyValue, Object> positions;

    BsonUniqueIndex(MVMap<KeyValue, Object> positions, String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
        this.positions = positions;
    }

    @Override
    public synchronized boolean canHandle(Document query) {
        if (query.keySet().equals(keySet()) || !query.keySet().containsAll(keySet())) {
            return super.canHandle(query);
        }
        Document byKeys = new Document();
        keys().forEach(key -> byKeys.put(key, query.get(key)));
        return super.canHandle(byKeys);
    }

    @Override
    protected Object removeDocument(KeyValue key) {
        return positions.remove(key);
    }

    @Override
    protected boolean putKeyPosition(KeyValue key, Object position) {
        return positions.putIfAbsent(key, Missing.ofNullable(position)) == null;
    }

    @Override
    protected Iterable<Entry<KeyValue, Object>> getIterable() {
        return positions.entrySet();
    }

    @Override
    protected Object getPosition(KeyValue key) {
        return positions.get(key);
    }

    @Override
    public long getCount() {
        return positions.sizeAsLong();
    }

    @Override
    public boolean isEmpty() {
        return positions.isEmpty();
    }

    @Override
    public long getDataSize() {
        return getCount();
    }
}
