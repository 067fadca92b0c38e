package io.engagement.analytics.rollup;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.bson.Document;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads rollups for queries. Counters are read from the database once per organization's mark
 * ({@link RollupMarks}): while the mark stands, none of its rollups has changed, so a query over a
 * new range of the same pages reads none. Sketches come from a cache of sketches laid out for
 * merging and are read again only when their rollup's version has moved on, so a query over
 * unchanged pages reads kilobytes, not megabytes, however many users were counted. Cached
 * counters and sketches are shared between queries and only ever read.
 */
@Component
public class RollupReader {

    private final RollupStore store;
    private final Cache<String, CachedUsers> sketches;
    private final Cache<String, CachedCounters> counters;

    RollupReader(RollupStore store, AnalyticsCaches caches) {
        this.store = store;
        this.sketches = Caffeine.newBuilder()
                .maximumWeight(caches.sketchCacheBytes())
                .weigher((String id, CachedUsers users) -> (int) Math.min(Integer.MAX_VALUE, users.bytes()))
                .build();
        // the answers' time limit: should an instance stop between writing rollups and moving the mark, no longer stale
        this.counters = Caffeine.newBuilder().maximumSize(caches.counterCacheSize()).expireAfterWrite(caches.viewCacheTtl()).build();
    }

    /**
     * The rollups that exist among the given ids, with their counters as of the organization's
     * {@code mark}, read before them; see {@link #withUsers}. Counters read after a later write
     * are only newer, and a later mark reads them again.
     */
    public Flux<Rollup> find(List<String> ids, long mark) {
        List<Rollup> known = new ArrayList<>();
        Set<String> unread = new LinkedHashSet<>();
        for (String id : ids) {
            CachedCounters cached = counters.getIfPresent(id);
            if (cached == null || cached.mark() != mark) {
                unread.add(id);
            } else {
                cached.stored().map(Rollup::from).ifPresent(known::add);
            }
        }
        if (unread.isEmpty()) {
            return Flux.fromIterable(known);
        }
        Set<String> absent = new HashSet<>(unread);
        return Flux.fromIterable(known).concatWith(store.findCounters(List.copyOf(unread))
                .doOnNext(stored -> {
                    String id = stored.getString("_id");
                    counters.put(id, new CachedCounters(mark, Optional.of(stored)));
                    absent.remove(id);
                })
                .doOnComplete(() -> absent.forEach(id -> counters.put(id, new CachedCounters(mark, Optional.empty()))))
                .map(Rollup::from));
    }

    /** Gives each rollup its sketches, from the cache when its version is unchanged, else from the database. */
    public Mono<List<Rollup>> withUsers(List<Rollup> rollups) {
        Map<String, Rollup> missing = new HashMap<>();
        for (Rollup rollup : rollups) {
            CachedUsers cached = sketches.getIfPresent(rollup.id());
            if (cached != null && cached.version() == rollup.version()) {
                rollup.withUsers(cached.users());
            } else {
                missing.put(rollup.id(), rollup);
            }
        }
        if (missing.isEmpty()) {
            return Mono.just(rollups);
        }
        // decoding a month of sketches takes milliseconds: done side by side, off the driver's threads
        return store.findUsers(List.copyOf(missing.keySet()))
                .parallel().runOn(Schedulers.parallel())
                .map(stored -> Map.entry(stored.getString("_id"), CachedUsers.of(stored)))
                .sequential()
                .doOnNext(read -> {
                    sketches.put(read.getKey(), read.getValue());
                    missing.remove(read.getKey()).withUsers(read.getValue().users());
                })
                // sketches are written before their counters, so none can be missing but by hand
                .then(Mono.fromSupplier(() -> {
                    missing.values().forEach(rollup -> rollup.withUsers(new TreeMap<>()));
                    return rollups;
                }));
    }

    /**
     * Refreshes the cached sketches of rollups just written here, so the next query need not read
     * them back. Only rollups queries have asked for are kept: most rollups written (the day
     * rollups of hourly trends, pages nobody looks at) would only push those out.
     */
    void remember(Collection<Rollup> written) {
        written.forEach(rollup -> sketches.asMap().computeIfPresent(rollup.id(), (id, cached) -> cached.after(rollup)));
    }

    /** A rollup's counters document as read under an organization's mark; empty when it did not exist. */
    private record CachedCounters(long mark, Optional<Document> stored) {
    }

    /** {@code written}: made from this instance's own write, not read from the database. */
    private record CachedUsers(long version, SortedMap<Integer, UniqueUsers> users, long bytes, boolean written) {

        static CachedUsers of(Document stored) {
            return of(Rollup.versionOf(stored), Rollup.usersOf(stored), Map.of(), false);
        }

        /** The sketches for merging, made afresh except those taken as they are from {@code kept}. */
        private static CachedUsers of(long version, SortedMap<Integer, UniqueUsers> users, Map<Integer, UniqueUsers> kept,
                                      boolean written) {
            SortedMap<Integer, UniqueUsers> forMerging = new TreeMap<>();
            users.forEach((slot, each) -> forMerging.put(slot, kept.containsKey(slot) ? kept.get(slot) : each.forMerging()));
            return new CachedUsers(version, forMerging, UniqueUsers.sizeOf(forMerging.values()), written);
        }

        /**
         * The sketches after this instance wrote the rollup. When this entry is this instance's own
         * last write of it, of the version the new write started from, the slots the write did not
         * change are kept as they are (a poll changes a day or two of a month). Else every slot is
         * taken from the rollup, which was read whole before the write: another instance may have
         * written in between, and a version read from the database may be that of a write whose
         * counters never followed, so it does not say what the slots hold.
         */
        CachedUsers after(Rollup written) {
            Map<Integer, UniqueUsers> kept = new HashMap<>();
            if (this.written && version == written.version() - 1) {
                written.users().keySet().forEach(slot -> {
                    if (!written.usersChanged().contains(slot) && users.containsKey(slot)) {
                        kept.put(slot, users.get(slot));
                    }
                });
            }
            return of(written.version(), written.users(), kept, true);
        }
    }
}
