package io.engagement.analytics.collection;

import io.engagement.analytics.rollup.Counters;
import io.engagement.analytics.rollup.Rollup;
import io.engagement.analytics.rollup.UniqueUsers;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The rollups of a range merged per trend bucket, per page and in total. Counters are added while
 * the slots are sorted into buckets; the sketch unions, over a thousand for a month of fifty pages,
 * then run side by side on the parallel scheduler, off the event loop, a bucket or a page a task.
 * A rollup whose every slot lies in the range (or in one bucket) gives the page (or the bucket)
 * its whole-period sketch: one union instead of one a slot.
 */
final class RangeMerge {

    private final AnalyticsRange range;
    private final Map<String, Merged> byPage = new LinkedHashMap<>();
    private final Map<LocalDateTime, Merged> byBucket = new LinkedHashMap<>();
    private final Merged total = new Merged();

    private RangeMerge(AnalyticsRange range) {
        this.range = range;
        range.buckets().forEach(bucket -> byBucket.put(bucket, new Merged()));
    }

    static Mono<RangeMerge> of(AnalyticsRange range, List<Rollup> rollups) {
        RangeMerge merge = new RangeMerge(range);
        rollups.forEach(merge::sortOut);
        List<Merged> unions = new ArrayList<>(merge.byBucket.values());
        unions.addAll(merge.byPage.values());
        return Flux.fromIterable(unions)
                .parallel().runOn(Schedulers.parallel())
                .doOnNext(Merged::union)
                .sequential()
                .then(Mono.fromSupplier(merge::totalled));
    }

    Merged total() {
        return total;
    }

    Map<LocalDateTime, Merged> byBucket() {
        return byBucket;
    }

    Merged page(String pageId) {
        return byPage.getOrDefault(pageId, new Merged());
    }

    private void sortOut(Rollup rollup) {
        Map<LocalDateTime, List<Rollup.Slot>> inRange = new LinkedHashMap<>();
        rollup.slots().forEach((key, slot) -> {
            LocalDateTime start = rollup.startOf(key);
            if (range.contains(start.toLocalDate())) {
                inRange.computeIfAbsent(range.interval().startOf(start), bucket -> new ArrayList<>()).add(slot);
            }
        });
        if (inRange.isEmpty()) {
            return;
        }
        int slotsInRange = inRange.values().stream().mapToInt(List::size).sum();
        Optional<UniqueUsers> whole = slotsInRange == rollup.slots().size() ? rollup.periodUsers() : Optional.empty();
        Optional<UniqueUsers> wholeInOneBucket = inRange.size() == 1 ? whole : Optional.empty();
        Merged page = byPage.computeIfAbsent(rollup.pageId(), id -> new Merged());
        inRange.forEach((bucket, slots) -> {
            Merged merged = byBucket.get(bucket);
            for (Rollup.Slot slot : slots) {
                merged.add(slot.counters());
                page.add(slot.counters());
                if (wholeInOneBucket.isEmpty()) {
                    merged.add(slot.users());
                }
                if (whole.isEmpty()) {
                    page.add(slot.users());
                }
            }
            wholeInOneBucket.ifPresent(merged::add);
        });
        whole.ifPresent(page::add);
    }

    /** The summary merges the buckets' unions, not every slot again. */
    private RangeMerge totalled() {
        byBucket.values().forEach(total::add);
        total.union();
        return this;
    }

    /** Counters and unique users merged over some slots of some pages; the users are merged by {@link #union}. */
    static final class Merged {

        private final Counters counters = new Counters();
        private final List<UniqueUsers> toMerge = new ArrayList<>();
        private final UniqueUsers.Merge users = new UniqueUsers.Merge();
        private long estimate = -1;
        private boolean empty = true;

        private void add(Counters more) {
            counters.add(more);
            empty = false;
        }

        private void add(UniqueUsers more) {
            // a slot without visitors lends each merge a fresh empty sketch: nothing to union, nor to share between threads
            if (!more.isEmpty()) {
                toMerge.add(more);
            }
        }

        /** Merges the sketches and estimates their union, on the merge's thread rather than the response's. */
        private void union() {
            toMerge.forEach(users::add);
            toMerge.clear();
            estimate = users.estimate();
        }

        private void add(Merged other) {
            if (!other.empty) {
                counters.add(other.counters);
                users.add(other.users);
                empty = false;
            }
        }

        Counters counters() {
            return counters;
        }

        long users() {
            return estimate >= 0 ? estimate : users.estimate();
        }

        boolean isEmpty() {
            return empty || counters.visits() == 0 && counters.leaves() == 0 && counters.errors() == 0 && counters.rageClicks() == 0;
        }
    }
}
