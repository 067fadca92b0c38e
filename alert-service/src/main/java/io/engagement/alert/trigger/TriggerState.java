package io.engagement.alert.trigger;

import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.KeyValueStore;
import tools.jackson.databind.ObjectMapper;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

/**
 * The trigger store, in the records it keeps under each {@link StoreKey.Kind}: evidence and
 * settings as JSON, a metric and a deadline as text.
 */
final class TriggerState {

    private static final StringSerializer KEYS = new StringSerializer();

    private final KeyValueStore<String, String> store;
    private final ObjectMapper json;
    /**
     * Each organization's page collections as the store holds them, read once per task and kept in
     * step with every write of them here: a page view of a customer would otherwise scan the store for
     * them. A new state is made whenever the task is initialized, so a restored store is read again.
     */
    private final Map<Long, SortedMap<String, CollectionMembership>> collections = new HashMap<>();

    TriggerState(KeyValueStore<String, String> store, ObjectMapper json) {
        this.store = store;
        this.json = json;
    }

    /** A session's billing leave waiting to be judged at its deadline. */
    record WaitingLeave(long organizationId, String sessionId, long deadlineMs) {
    }

    Optional<SessionEvidence> session(long org, String sessionId) {
        return read(StoreKey.session(org, sessionId), SessionEvidence.class);
    }

    /** The session's evidence; evidence starting at {@code atMs} for a session not seen before. */
    SessionEvidence session(long org, String sessionId, long atMs) {
        return session(org, sessionId).orElseGet(() -> SessionEvidence.startingAt(atMs));
    }

    void put(long org, String sessionId, SessionEvidence evidence) {
        write(StoreKey.session(org, sessionId), evidence);
    }

    CustomerEvidence customer(long org, String customerId) {
        return read(StoreKey.customer(org, customerId), CustomerEvidence.class).orElseGet(CustomerEvidence::unknown);
    }

    void put(long org, String customerId, CustomerEvidence evidence) {
        write(StoreKey.customer(org, customerId), evidence);
    }

    Optional<Double> companyMetric(long org, long companyId, String metric) {
        return Optional.ofNullable(store.get(StoreKey.companyMetric(org, companyId, metric).stored())).map(Double::parseDouble);
    }

    void putCompanyMetric(long org, long companyId, String metric, double value) {
        store.put(StoreKey.companyMetric(org, companyId, metric).stored(), Double.toString(value));
    }

    SegmentThresholds segmentThresholds(long org) {
        return read(StoreKey.segmentThresholds(org), SegmentThresholds.class).orElse(SegmentThresholds.DEFAULTS);
    }

    void put(long org, SegmentThresholds thresholds) {
        write(StoreKey.segmentThresholds(org), thresholds);
    }

    /** The organization's page collections whose membership is known, by id. */
    SortedMap<String, CollectionMembership> collections(long org) {
        return collections.computeIfAbsent(org, unread -> {
            SortedMap<String, CollectionMembership> stored = new TreeMap<>();
            scan(StoreKey.Kind.COLLECTION.prefix(org)).forEach(entry -> {
                CollectionMembership collection = json.readValue(entry.value, CollectionMembership.class);
                stored.put(collection.collectionId(), collection);
            });
            return stored;
        });
    }

    boolean knowsCollection(long org, String collectionId) {
        return store.get(StoreKey.collection(org, collectionId).stored()) != null;
    }

    void put(long org, CollectionMembership collection) {
        write(StoreKey.collection(org, collection.collectionId()), collection);
        collections(org).put(collection.collectionId(), collection);
    }

    void removeCollection(long org, String collectionId) {
        store.delete(StoreKey.collection(org, collectionId).stored());
        collections(org).remove(collectionId);
    }

    void waitLeave(long org, String sessionId, long deadlineMs) {
        store.put(StoreKey.waitingLeave(org, sessionId).stored(), Long.toString(deadlineMs));
    }

    void stopWaiting(long org, String sessionId) {
        store.delete(StoreKey.waitingLeave(org, sessionId).stored());
    }

    /** Every organization's waiting leaves. */
    List<WaitingLeave> waitingLeaves() {
        return scan(StoreKey.Kind.WAITING_LEAVE.prefix()).stream()
                .map(entry -> waitingLeave(StoreKey.parse(entry.key), Long.parseLong(entry.value))).toList();
    }

    /** Every organization's sessions whose evidence matches, by key. */
    List<StoreKey> sessionsWhere(Predicate<SessionEvidence> matching) {
        return sessionsWhere(StoreKey.Kind.SESSION.prefix(), matching);
    }

    /** The organization's sessions whose evidence matches, by key. */
    List<StoreKey> sessionsWhere(long org, Predicate<SessionEvidence> matching) {
        return sessionsWhere(StoreKey.Kind.SESSION.prefix(org), matching);
    }

    void delete(StoreKey key) {
        store.delete(key.stored());
    }

    private List<StoreKey> sessionsWhere(String prefix, Predicate<SessionEvidence> matching) {
        return scan(prefix).stream().filter(entry -> matching.test(json.readValue(entry.value, SessionEvidence.class)))
                .map(entry -> StoreKey.parse(entry.key)).toList();
    }

    /** The entries under a prefix, read before any of them changes. */
    private List<KeyValue<String, String>> scan(String prefix) {
        List<KeyValue<String, String>> entries = new ArrayList<>();
        try (KeyValueIterator<String, String> all = store.prefixScan(prefix, KEYS)) {
            all.forEachRemaining(entries::add);
        }
        return entries;
    }

    private static WaitingLeave waitingLeave(StoreKey key, long deadlineMs) {
        return new WaitingLeave(key.organizationId(), key.id(), deadlineMs);
    }

    private <T> Optional<T> read(StoreKey key, Class<T> type) {
        return Optional.ofNullable(store.get(key.stored())).map(stored -> json.readValue(stored, type));
    }

    private void write(StoreKey key, Object value) {
        store.put(key.stored(), json.writeValueAsString(value));
    }
}
