package io.engagement.analytics.collection;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.engagement.analytics.page.PageStore;
import io.engagement.analytics.rollup.AnalyticsCaches;
import io.engagement.analytics.rollup.Counters;
import io.engagement.analytics.rollup.Rollup;
import io.engagement.analytics.rollup.RollupMarks;
import io.engagement.analytics.rollup.RollupReader;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

/**
 * A collection's analytics: resolve the members, read their rollups over the range by id, and
 * merge the slots inside the range into the summary, the trend buckets and the per-page rows. The
 * work grows with pages × months (pages × days for hourly trends), never with the number of events.
 */
@Component
class CollectionAnalytics {

    private final PageStore pages;
    private final RollupReader rollups;
    private final RollupMarks marks;
    private final Cache<ViewKey, Answered> answered;

    CollectionAnalytics(PageStore pages, RollupReader rollups, RollupMarks marks, AnalyticsCaches caches) {
        this.pages = pages;
        this.rollups = rollups;
        this.marks = marks;
        this.answered = Caffeine.newBuilder().maximumSize(caches.viewCacheSize()).expireAfterWrite(caches.viewCacheTtl()).build();
    }

    /**
     * Membership is resolved on every call. The rollups are read and merged (thousands of sketch
     * unions over a month of fifty pages) only when the same question has not been answered since
     * the organization's rollups last changed, for the same collection and the same member pages.
     * An answer is kept at most {@code engagement.analytics.view-cache-ttl}, which bounds how stale
     * it can be should an instance stop between writing rollups and moving the mark.
     */
    Mono<AnalyticsView> of(long organizationId, PageCollection collection, AnalyticsRange range) {
        return of(organizationId, Mono.just(collection), range);
    }

    /** The collection, the organization's mark and its pages are read side by side. */
    Mono<AnalyticsView> of(long organizationId, Mono<PageCollection> collection, AnalyticsRange range) {
        return Mono.zip(collection, marks.of(organizationId), pages.all(organizationId).collectList())
                .flatMap(read -> {
                    PageCollection asked = read.getT1();
                    Membership membership = Membership.resolve(asked, read.getT3());
                    ViewKey key = new ViewKey(organizationId, asked.collectionId(), range);
                    Inputs inputs = new Inputs(asked, membership, read.getT2());
                    Answered earlier = answered.getIfPresent(key);
                    if (earlier != null && earlier.inputs().equals(inputs)) {
                        return Mono.just(earlier.view());
                    }
                    return rollups.find(rollupIds(organizationId, membership, range), read.getT2()).collectList()
                            .flatMap(rollups::withUsers)
                            .flatMap(rollupsRead -> assemble(asked, range, membership, rollupsRead))
                            .doOnNext(view -> answered.put(key, new Answered(inputs, view)));
                });
    }

    /** Hourly trends need the day rollups; everything else is merged from one month rollup per page and month. */
    private static List<String> rollupIds(long organizationId, Membership membership, AnalyticsRange range) {
        List<String> ids = new ArrayList<>();
        for (Membership.MemberPage member : membership.members()) {
            String pageId = member.page().pageId();
            if (range.interval() == Interval.HOURLY) {
                range.days().forEach(day -> ids.add(Rollup.dayId(organizationId, pageId, day)));
            } else {
                range.months().forEach(month -> ids.add(Rollup.monthId(organizationId, pageId, month)));
            }
        }
        return ids;
    }

    private static Mono<AnalyticsView> assemble(PageCollection collection, AnalyticsRange range, Membership membership, List<Rollup> read) {
        return RangeMerge.of(range, read).map(merged -> view(collection, range, membership, merged));
    }

    private static AnalyticsView view(PageCollection collection, AnalyticsRange range, Membership membership, RangeMerge merged) {
        List<AnalyticsView.Warning> warnings = new ArrayList<>(membership.warnings());
        warnings.addAll(rangeWarnings(range, membership, merged.total()));
        return new AnalyticsView(collection.collectionId(), collection.name(), collection.description(),
                range.start().toString(), range.end().toString(),
                summary(merged.total(), membership.members().size()),
                merged.byBucket().entrySet().stream().map(bucket -> trendPoint(bucket.getKey(), bucket.getValue())).toList(),
                membership.members().stream().map(member -> memberRow(member, merged.page(member.page().pageId()))).toList(),
                warnings);
    }

    private static List<AnalyticsView.Warning> rangeWarnings(AnalyticsRange range, Membership membership, RangeMerge.Merged total) {
        if (range.isBackwards()) {
            return List.of(new AnalyticsView.Warning("end_before_start", "end " + range.end() + " is before start " + range.start()
                    + "; the range is empty"));
        }
        if (membership.members().isEmpty()) {
            return List.of(new AnalyticsView.Warning("no_member_pages", "The collection has no member pages"));
        }
        if (total.isEmpty()) {
            return List.of(new AnalyticsView.Warning("no_data", "No activity on the member pages from " + range.start() + " to " + range.end()));
        }
        return List.of();
    }

    private static AnalyticsView.Summary summary(RangeMerge.Merged total, int memberPages) {
        Counters counters = total.counters();
        return new AnalyticsView.Summary(counters.visits(), total.users(), Scores.averageSeconds(counters),
                Scores.engagement(counters), Scores.friction(counters), counters.errors(), counters.rageClicks(),
                Scores.dropOffRate(counters), memberPages, null);
    }

    private static AnalyticsView.TrendPoint trendPoint(LocalDateTime bucket, RangeMerge.Merged merged) {
        Counters counters = merged.counters();
        return new AnalyticsView.TrendPoint(bucket.toInstant(ZoneOffset.UTC), counters.visits(), merged.users(), counters.errors(),
                counters.rageClicks(), Scores.averageSeconds(counters));
    }

    private static AnalyticsView.Member memberRow(Membership.MemberPage member, RangeMerge.Merged merged) {
        return new AnalyticsView.Member(member.page().pageId(), member.page().title(), member.page().canonicalUrl(),
                member.page().displayUrl(), member.matchedBy(), merged.counters().visits(), merged.users(), merged.counters().errors());
    }

    private record ViewKey(long organizationId, String collectionId, AnalyticsRange range) {
    }

    /** Everything an answer is made of: a change to any of it makes a new answer. */
    private record Inputs(PageCollection collection, Membership membership, long rollupMark) {
    }

    private record Answered(Inputs inputs, AnalyticsView view) {
    }
}
