package io.engagement.analytics.session;

import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.PriorityQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

import static io.engagement.platform.store.Documents.instantOf;

/**
 * The newest sessions of each list the sessions API serves (an organization's, and each of its
 * customers'), kept in one document per list ({@code session_lists}, {@code _id} the list's key) with
 * the list's total: a page among them is read by key, then its sessions by {@code _id}, so no list
 * filters or sorts the sessions collection. That is what keeps a list fast on a database that serves
 * only key lookups from an index (the embedded one) as on MongoDB (ADR 0015). A page beyond what a
 * list keeps is read from the sessions collection itself.
 *
 * <p>Each list document changes as one document, under an optimistic {@code version}: writers on
 * several replicas never lose each other's entries.
 */
@Component
class SessionLists {

    static final String COLLECTION = "session_lists";
    /** Entries a list keeps: 50 pages of the default page size, 10 of the largest. */
    static final int KEPT = 1_000;
    private static final int LISTS_AT_ONCE = 8;
    /** The marker of a database whose lists were made from its sessions; no list's key (they begin with a number). */
    private static final String BUILT = "built";
    private static final Comparator<Entry> NEWEST_FIRST = Comparator.comparing(Entry::lastSeenAt).thenComparing(Entry::key).reversed();

    private final ReactiveMongoTemplate mongo;
    private final Turns turns = new Turns();

    SessionLists(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** A session as its lists know it; {@code inserted} when its summary was stored for the first time. */
    record Listed(long organizationId, String sessionId, String customerId, Instant lastSeenAt, boolean inserted) {

        String key() {
            return organizationId + ":" + sessionId;
        }
    }

    /** The sessions ({@code _id}s, newest first) of one page of a list, and the list's total. */
    record Slice(List<String> keys, long total) {
    }

    /**
     * Makes every list from the stored sessions, once: where sessions were stored before the lists
     * were kept (a database from an earlier version), so that none is missing from its list. Runs
     * before the service takes summaries; marked done in the collection, so it runs once per database.
     */
    Mono<Void> buildOnce(Flux<Listed> stored) {
        return mongo.exists(Query.query(Criteria.where("_id").is(BUILT)), COLLECTION)
                .flatMap(built -> built ? Mono.<Void>empty() : stored
                        .collect(LinkedHashMap<String, Building>::new, (lists, session) -> byList(List.of(session)).keySet()
                                .forEach(key -> lists.computeIfAbsent(key, any -> new Building()).add(new Entry(session.key(), session.lastSeenAt()))))
                        .flatMapMany(lists -> Flux.fromIterable(lists.entrySet()))
                        .concatMap(list -> mongo.save(list.getValue().kept().toDocument(list.getKey(), 1), COLLECTION))
                        .then(mongo.save(new Document("_id", BUILT), COLLECTION))
                        .then());
    }

    /** A list being made from the stored sessions: its newest entries (a bounded heap, the oldest on top) and its count. */
    private static final class Building {

        private final PriorityQueue<Entry> newest = new PriorityQueue<>(NEWEST_FIRST.reversed());
        private long total;

        void add(Entry entry) {
            total++;
            newest.add(entry);
            if (newest.size() > KEPT) {
                newest.poll();
            }
        }

        Kept kept() {
            return new Kept(newest.stream().sorted(NEWEST_FIRST).toList(), total, total <= KEPT, 0);
        }
    }

    /** Puts stored sessions in (or moves them up) their lists. */
    Mono<Void> add(Collection<Listed> sessions) {
        return Flux.fromIterable(byList(sessions).entrySet())
                .flatMap(list -> change(list.getKey(), kept -> kept.adding(list.getValue())), LISTS_AT_ONCE)
                .then();
    }

    /** Takes erased sessions out of their lists. */
    Mono<Void> remove(Collection<Listed> sessions) {
        return Flux.fromIterable(byList(sessions).entrySet())
                .flatMap(list -> change(list.getKey(), kept -> kept.removing(list.getValue())), LISTS_AT_ONCE)
                .then();
    }

    /**
     * The page of the organization's list (or its customer's) when the list document holds it: empty
     * when the page lies beyond what the list keeps and the list holds more than it keeps.
     */
    Mono<Slice> page(long organizationId, Optional<String> customerId, long offset, int size) {
        String key = customerId.map(customer -> customerKey(organizationId, customer)).orElseGet(() -> organizationKey(organizationId));
        return read(key).defaultIfEmpty(Kept.EMPTY).flatMap(kept -> {
            boolean held = offset + size <= kept.entries().size() || kept.complete();
            if (!held) {
                return Mono.empty();
            }
            List<String> keys = kept.entries().stream().skip(offset).limit(size).map(Entry::key).toList();
            return Mono.just(new Slice(keys, kept.complete() ? kept.entries().size() : kept.total()));
        });
    }

    private static Map<String, List<Listed>> byList(Collection<Listed> sessions) {
        Map<String, List<Listed>> lists = new LinkedHashMap<>();
        for (Listed session : sessions) {
            lists.computeIfAbsent(organizationKey(session.organizationId()), key -> new ArrayList<>()).add(session);
            if (session.customerId() != null) {
                lists.computeIfAbsent(customerKey(session.organizationId(), session.customerId()), key -> new ArrayList<>()).add(session);
            }
        }
        return lists;
    }

    private static String organizationKey(long organizationId) {
        return Long.toString(organizationId);
    }

    private static String customerKey(long organizationId, String customerId) {
        return organizationId + ":customer:" + customerId;
    }

    /**
     * Reads, changes and writes one list, again from its new state when another writer came first.
     * This replica's own writers of a list take turns, so they never spend their retries on each
     * other; the version guards the list against the other replicas.
     */
    private Mono<Void> change(String key, UnaryOperator<Kept> change) {
        return turns.run(key, () -> Mono.defer(() -> read(key).defaultIfEmpty(Kept.EMPTY).flatMap(kept -> write(key, kept, change.apply(kept))))
                .retryWhen(Retry.max(50).filter(Conflict.class::isInstance))
                .then());
    }

    /** One change at a time per key within this replica: each waits for the one before it to end, however it ends. */
    private static final class Turns {

        private final ConcurrentHashMap<String, CompletableFuture<Void>> last = new ConcurrentHashMap<>();

        Mono<Void> run(String key, Supplier<Mono<Void>> work) {
            return Mono.defer(() -> {
                CompletableFuture<Void> mine = new CompletableFuture<>();
                CompletableFuture<Void> before = last.put(key, mine);
                Mono<Void> waited = before == null ? Mono.empty() : Mono.fromFuture(before, true);
                return waited.then(Mono.defer(work)).doFinally(signal -> {
                    mine.complete(null);
                    last.remove(key, mine);
                });
            });
        }
    }

    private Mono<Kept> read(String key) {
        return mongo.findById(key, Document.class, COLLECTION).map(Kept::of);
    }

    private Mono<Void> write(String key, Kept before, Kept after) {
        Query unchanged = Query.query(Criteria.where("_id").is(key).and("version").is(before.version()));
        if (after.entries().isEmpty() && after.total() == 0) {
            // an emptied list goes: a customer's key names the customer, and erasure leaves nothing of them
            return before.version() == 0 ? Mono.empty() : mongo.remove(unchanged, COLLECTION)
                    .flatMap(result -> result.getDeletedCount() == 1 ? Mono.<Void>empty() : Mono.error(new Conflict()));
        }
        Document document = after.toDocument(key, before.version() + 1);
        if (before.version() == 0) {
            return mongo.insert(document, COLLECTION)
                    .onErrorMap(DuplicateKeyException.class, raced -> new Conflict())
                    .then();
        }
        return mongo.getCollection(COLLECTION)
                .flatMap(collection -> Mono.from(collection.replaceOne(unchanged.getQueryObject(), document)))
                .flatMap(result -> result.getMatchedCount() == 1 ? Mono.<Void>empty() : Mono.error(new Conflict()));
    }

    /** Another writer changed the list between this one's read and write. */
    private static final class Conflict extends RuntimeException {
        Conflict() {
            super(null, null, false, false);
        }
    }

    private record Entry(String key, Instant lastSeenAt) {
    }

    /**
     * A list's newest entries, its total, and whether the entries are the whole list ({@code complete}:
     * nothing ever fell out). The total counts sessions stored for the first time, so a
     * redelivered summary never counts twice.
     */
    private record Kept(List<Entry> entries, long total, boolean complete, long version) {

        static final Kept EMPTY = new Kept(List.of(), 0, true, 0);

        Kept adding(List<Listed> sessions) {
            Map<String, Entry> byKey = entries.stream().collect(Collectors.toMap(Entry::key, entry -> entry, (a, b) -> a, LinkedHashMap::new));
            long added = 0;
            for (Listed session : sessions) {
                Entry previous = byKey.get(session.key());
                if (previous == null && (complete || session.inserted())) {
                    added++;
                }
                if (previous == null || session.lastSeenAt().isAfter(previous.lastSeenAt())) {
                    byKey.put(session.key(), new Entry(session.key(), session.lastSeenAt()));
                }
            }
            List<Entry> newest = byKey.values().stream().sorted(NEWEST_FIRST).toList();
            boolean overflows = newest.size() > KEPT;
            return new Kept(overflows ? newest.subList(0, KEPT) : newest, total + added, complete && !overflows, version);
        }

        Kept removing(List<Listed> sessions) {
            List<String> gone = sessions.stream().map(Listed::key).toList();
            List<Entry> left = entries.stream().filter(entry -> !gone.contains(entry.key())).toList();
            // an erased session beyond the kept entries still leaves the total
            long removed = complete ? entries.size() - left.size() : sessions.size();
            return new Kept(left, Math.max(0, total - removed), complete, version);
        }

        static Kept of(Document document) {
            List<Entry> entries = document.getList("entries", Document.class, List.of()).stream()
                    .map(entry -> new Entry(entry.getString("key"), instantOf(entry, "last_seen_at")))
                    .toList();
            return new Kept(entries, document.get("total", Number.class).longValue(), document.getBoolean("complete", false),
                    document.get("version", Number.class).longValue());
        }

        Document toDocument(String key, long nextVersion) {
            return new Document("_id", key)
                    .append("entries", entries.stream()
                            .map(entry -> new Document("key", entry.key()).append("last_seen_at", Date.from(entry.lastSeenAt())))
                            .toList())
                    .append("total", total)
                    .append("complete", complete)
                    .append("version", nextVersion);
        }
    }
}
