package io.engagement.analytics.rollup;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.bson.Document;
import org.bson.types.Binary;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Reads rollups for queries. Counters come from the database each time (they are small); sketches
 * come from a cache of decoded sketches and are read again only when their rollup's version has
 * moved on, so a query over unchanged pages reads kilobytes, not megabytes, however many users
 * were counted. Cached sketches are shared between queries and only ever merged from.
 */
@Component
public class RollupReader {

    private final RollupStore store;
    private final Cache<String, CachedUsers> sketches;

    RollupReader(RollupStore store, @Value("${engagement.analytics.sketch-cache-bytes:33554432}") long cacheBytes) {
        this.store = store;
        this.sketches = Caffeine.newBuilder()
                .maximumWeight(cacheBytes)
                .weigher((String id, CachedUsers users) -> (int) Math.min(Integer.MAX_VALUE, users.bytes()))
                .build();
    }

    /** The rollups that exist among the given ids, with their counters; see {@link #withUsers}. */
    public Flux<Rollup> find(List<String> ids) {
        return store.find(ids);
    }

    /** Gives each rollup its sketches, from the cache when its version is unchanged, else from the database. */
    public Mono<List<Rollup>> withUsers(List<Rollup> rollups) {
        Map<String, Rollup> missing = new HashMap<>();
        for (Rollup rollup : rollups) {
            CachedUsers cached = rollup.hasUsers() ? null : sketches.getIfPresent(rollup.id());
            if (cached != null && cached.version() == rollup.version()) {
                rollup.withUsers(cached.users());
            } else if (!rollup.hasUsers()) {
                missing.put(rollup.id(), rollup);
            }
        }
        if (missing.isEmpty()) {
            return Mono.just(rollups);
        }
        return store.findUsers(List.copyOf(missing.keySet()))
                .doOnNext(stored -> {
                    CachedUsers read = CachedUsers.of(stored);
                    sketches.put(stored.getString("_id"), read);
                    missing.remove(stored.getString("_id")).withUsers(read.users());
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
        written.forEach(rollup -> sketches.asMap().computeIfPresent(rollup.id(),
                (id, cached) -> CachedUsers.of(rollup.version(), rollup.users())));
    }

    private record CachedUsers(long version, SortedMap<Integer, UniqueUsers> users, long bytes) {

        static CachedUsers of(Document stored) {
            byte[] packed = stored.get("slots") instanceof Binary binary ? binary.getData() : null;
            return of(Rollup.versionOf(stored), Slots.decodeUsers(packed));
        }

        static CachedUsers of(long version, SortedMap<Integer, UniqueUsers> users) {
            users.values().forEach(UniqueUsers::decoded);
            return new CachedUsers(version, users, users.values().stream().mapToLong(UniqueUsers::size).sum());
        }
    }
}
