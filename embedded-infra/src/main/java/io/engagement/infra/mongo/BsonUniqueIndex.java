package io.engagement.infra.mongo;

import de.bwaldvogel.mongo.backend.AbstractUniqueIndex;
import de.bwaldvogel.mongo.backend.IndexKey;
import de.bwaldvogel.mongo.backend.KeyValue;
import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.bson.BsonRegularExpression;
import de.bwaldvogel.mongo.bson.Document;
import org.h2.mvstore.MVMap;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map.Entry;
import java.util.Set;

/**
 * A unique index in an H2 map whose keys are stored and compared by {@link BsonStoreType}. It also
 * serves a query that names other fields besides its keys, such as {@code {_id: {$in: [...]},
 * status: "queued"}}: the documents it finds by its keys are then matched against the whole query,
 * as every document is, instead of the collection being scanned. A compound index also serves a
 * query that gives any of its keys a list, {@code {organization_id: 7, email_key: {$in: [...]}}}:
 * each combination of the values is looked up, where the server itself would scan.
 */
final class BsonUniqueIndex extends AbstractUniqueIndex<Object> {

    /** Past this many combinations a query is left to the server's own judgement (a scan): each is a look-up. */
    private static final int MOST_COMBINATIONS = 10_000;

    private final MVMap<KeyValue, Object> positions;

    BsonUniqueIndex(MVMap<KeyValue, Object> positions, String name, List<IndexKey> keys, boolean sparse) {
        super(name, keys, sparse);
        this.positions = positions;
    }

    @Override
    public synchronized boolean canHandle(Document query) {
        if (listedValues(query) != null) {
            return true;
        }
        if (query.keySet().equals(keySet()) || !query.keySet().containsAll(keySet())) {
            return super.canHandle(query);
        }
        Document byKeys = new Document();
        keys().forEach(key -> byKeys.put(key, query.get(key)));
        return super.canHandle(byKeys);
    }

    @Override
    public synchronized Iterable<Object> getPositions(Document query) {
        List<List<Object>> valuesPerKey = listedValues(query);
        if (valuesPerKey == null) {
            return super.getPositions(query);
        }
        Set<Object> found = new LinkedHashSet<>();
        for (List<Object> combination : combinations(valuesPerKey)) {
            Object position = getPosition(new KeyValue(combination).normalized());
            if (position != null) {
                found.add(position);
            }
        }
        return found;
    }

    /**
     * The values each key of a compound index is asked to equal, when the query gives each key
     * either a value or {@code {$in: [values]}}, at least one a list, and names no more than
     * {@link #MOST_COMBINATIONS}; null for any other query.
     */
    private List<List<Object>> listedValues(Document query) {
        if (!isCompoundIndex()) {
            return null;
        }
        List<List<Object>> valuesPerKey = new ArrayList<>();
        boolean listed = false;
        long combinations = 1;
        for (String key : keys()) {
            List<Object> values = plainValues(query.get(key));
            combinations *= values == null ? 0 : values.size();
            if (values == null || combinations > MOST_COMBINATIONS) {
                return null;
            }
            listed |= query.get(key) instanceof Document;
            valuesPerKey.add(values);
        }
        return listed ? valuesPerKey : null;
    }

    /** Every combination of one value per key, in the order of the keys. */
    private static List<List<Object>> combinations(List<List<Object>> valuesPerKey) {
        List<List<Object>> combinations = List.of(List.of());
        for (List<Object> values : valuesPerKey) {
            List<List<Object>> longer = new ArrayList<>();
            for (List<Object> prefix : combinations) {
                values.forEach(value -> {
                    List<Object> next = new ArrayList<>(prefix);
                    next.add(value);
                    longer.add(next);
                });
            }
            combinations = longer;
        }
        return combinations;
    }

    /** The values a key is asked to equal: itself, or the members of an {@code $in}; null for anything else. */
    private static List<Object> plainValues(Object queried) {
        if (queried instanceof Document condition) {
            if (!condition.keySet().equals(Set.of("$in")) || !(condition.get("$in") instanceof Collection<?> members)) {
                return null;
            }
            List<Object> values = new ArrayList<>(new LinkedHashSet<>(members));
            return values.stream().allMatch(BsonUniqueIndex::plain) ? values : null;
        }
        return plain(queried) ? List.of(queried) : null;
    }

    /** A value an index key is compared with by equality alone: not null (sparse), a document, a list or a pattern. */
    private static boolean plain(Object value) {
        return value != null && !(value instanceof Document) && !(value instanceof Collection<?>)
                && !BsonRegularExpression.isRegularExpression(value);
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
