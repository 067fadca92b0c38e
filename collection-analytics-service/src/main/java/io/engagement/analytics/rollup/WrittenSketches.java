package io.engagement.analytics.rollup;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The rollup writer's reads: whole rollups, whose sketches come from the ones this instance wrote
 * last when the stored version is still theirs. A poll over the same pages as the last then reads
 * only counters (a few hundred bytes a rollup), not a month of sketches (up to a quarter of a
 * megabyte) written here a moment ago; a rollup another instance wrote since has another version
 * and is read whole. The sketches kept are the ones the next poll updates in place: a poll that
 * fails forgets its rollups', so none is kept ahead of what was stored.
 */
@Component
class WrittenSketches {

    private final RollupStore store;
    private final Cache<String, Written> written;

    WrittenSketches(RollupStore store, AnalyticsCaches caches) {
        this.store = store;
        this.written = Caffeine.newBuilder()
                .maximumWeight(caches.writtenSketchCacheBytes())
                .weigher((String id, Written each) -> (int) Math.min(Integer.MAX_VALUE, each.bytes()))
                .build();
    }

    /** The rollups that exist among the given ids, with their sketches. */
    Mono<Map<String, Rollup>> findWhole(List<String> ids) {
        return store.find(ids).collectMap(Rollup::id, Function.identity()).flatMap(rollups -> {
            List<String> unknown = new ArrayList<>();
            rollups.values().forEach(rollup -> {
                Written last = written.getIfPresent(rollup.id());
                if (last != null && last.version() == rollup.version()) {
                    rollup.withUsers(last.users());
                } else {
                    unknown.add(rollup.id());
                }
            });
            if (unknown.isEmpty()) {
                return Mono.just(rollups);
            }
            return store.findUsers(unknown)
                    .doOnNext(users -> rollups.get(users.getString("_id")).withUsers(Rollup.usersOf(users)))
                    .then(Mono.fromSupplier(() -> {
                        rollups.values().stream().filter(rollup -> !rollup.hasUsers()).forEach(rollup -> rollup.withUsers(new TreeMap<>()));
                        return rollups;
                    }));
        });
    }

    /** Called once the rollups are stored. */
    void remember(Collection<Rollup> stored) {
        written.putAll(stored.stream().collect(Collectors.toMap(Rollup::id, rollup -> Written.of(rollup.version(), rollup.users()))));
    }

    /** Called when a poll failed: what it applied to the kept sketches may not have been stored. */
    void forget(Collection<String> ids) {
        written.invalidateAll(ids);
    }

    private record Written(long version, SortedMap<Integer, UniqueUsers> users, long bytes) {

        static Written of(long version, SortedMap<Integer, UniqueUsers> users) {
            return new Written(version, users, UniqueUsers.sizeOf(users.values()));
        }
    }
}
