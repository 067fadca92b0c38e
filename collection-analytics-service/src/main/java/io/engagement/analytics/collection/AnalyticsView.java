package io.engagement.analytics.collection;

import com.fasterxml.jackson.annotation.JsonInclude;

import java.time.Instant;
import java.util.List;

/** The collection analytics object of the contract, with the element shapes of extensions.md. */
record AnalyticsView(String collectionId, String name, String description, String start, String end, Summary summary,
                     List<TrendPoint> trend, List<Member> members, List<Warning> warnings) {

    /** The same analytics with the warnings repeated inside the summary, as unmap-pattern answers. */
    AnalyticsView withWarningsInSummary() {
        return new AnalyticsView(collectionId, name, description, start, end, summary.withWarnings(warnings), trend, members, warnings);
    }

    record Summary(long totalVisits, long uniqueUsers, double avgTimeSeconds, double engagementScore, double frictionScore,
                   long errorCount, long rageClickCount, double dropOffRate, int memberPages,
                   @JsonInclude(JsonInclude.Include.NON_NULL) List<Warning> warnings) {

        Summary withWarnings(List<Warning> all) {
            return new Summary(totalVisits, uniqueUsers, avgTimeSeconds, engagementScore, frictionScore, errorCount, rageClickCount,
                    dropOffRate, memberPages, all);
        }
    }

    record TrendPoint(Instant bucket, long totalVisits, long uniqueUsers, long errorCount, long rageClickCount, double avgTimeSeconds) {
    }

    record Member(String pageId, String title, String canonicalUrl, String displayUrl, List<String> matchedBy, long totalVisits,
                  long uniqueUsers, long errorCount) {
    }

    record Warning(String code, String message) {
    }

    /** One entry of the collection list. */
    record Listed(String collectionId, String name, String description, int memberPagesCount, Instant createdAt, Instant updatedAt) {
    }
}
