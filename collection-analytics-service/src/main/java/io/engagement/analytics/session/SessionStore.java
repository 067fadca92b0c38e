package io.engagement.analytics.session;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import static io.engagement.platform.store.Documents.instantOf;

/**
 * Session summaries, one document per session ({@code _id} {@code org:session_id}), expiring with the
 * raw events they were made from: the organization's {@code raw_event_days} after the session was
 * last seen (or written, when later).
 */
@Component
class SessionStore implements StartupWork {

    static final String COLLECTION = "sessions";

    private final ReactiveMongoTemplate mongo;
    private final OrganizationPolicies policies;

    SessionStore(ReactiveMongoTemplate mongo, OrganizationPolicies policies) {
        this.mongo = mongo;
        this.policies = policies;
    }

    /**
     * Its indexes, created at start-up. The lists' own: each ends with {@code _id}, the page's tie
     * break, so a page is read off the index in order and never sorted in memory.
     */
    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                new Index().on("organization_id", Sort.Direction.ASC).on("last_seen_at", Sort.Direction.DESC).on("_id", Sort.Direction.DESC),
                new Index().on("organization_id", Sort.Direction.ASC).on("customer_id", Sort.Direction.ASC)
                        .on("last_seen_at", Sort.Direction.DESC).on("_id", Sort.Direction.DESC),
                new Index().on("expires_at", Sort.Direction.ASC).expire(Duration.ZERO));
    }

    Mono<Void> saveAll(Collection<EventEnvelope<SessionSummarized>> summaries) {
        if (summaries.isEmpty()) {
            return Mono.empty();
        }
        return Flux.fromIterable(summaries.stream().map(EventEnvelope::orgId).distinct().toList())
                .flatMap(organizationId -> policies.of(organizationId).map(policy -> Map.entry(organizationId, policy.retention().rawEventDays())))
                .collectMap(Map.Entry::getKey, Map.Entry::getValue)
                .flatMap(days -> {
                    var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, COLLECTION);
                    summaries.forEach(summary -> bulk.replaceOne(
                            Query.query(Criteria.where("_id").is(idOf(summary.orgId(), summary.data().sessionId()))),
                            toDocument(summary.orgId(), summary.data(), days.get(summary.orgId())), FindAndReplaceOptions.options().upsert()));
                    return bulk.execute();
                })
                .then();
    }

    /** Forgets erased sessions ({@code _id}s, {@code org:session_id}). */
    Mono<Void> deleteAll(Collection<String> keys) {
        return keys.isEmpty() ? Mono.empty() : mongo.remove(Query.query(Criteria.where("_id").in(keys)), COLLECTION).then();
    }

    /** The sessions that name the customer's public id or e-mail (in any case). */
    Flux<String> sessionIdsOf(long organizationId, String customerId, String email) {
        Flux<Document> byCustomer = customerId == null ? Flux.empty()
                : mongo.find(Query.query(Criteria.where("organization_id").is(organizationId).and("customer_id").is(customerId)),
                Document.class, COLLECTION);
        Flux<Document> byEmail = email == null ? Flux.empty()
                : mongo.find(Query.query(Criteria.where("organization_id").is(organizationId)
                .and("email").regex("^" + Pattern.quote(email.strip()) + "$", "i")), Document.class, COLLECTION);
        return Flux.concat(byCustomer, byEmail).map(document -> document.getString("session_id")).distinct();
    }

    Mono<SessionSummarized> find(long organizationId, String sessionId) {
        return mongo.findById(idOf(organizationId, sessionId), Document.class, COLLECTION).map(SessionStore::fromDocument);
    }

    /** Newest {@code last_seen_at} first, of one customer when {@code customerId} is given. */
    Mono<PageEnvelope<SessionSummarized>> page(long organizationId, Optional<String> customerId, PageRequest page) {
        Criteria filter = Criteria.where("organization_id").is(organizationId);
        customerId.ifPresent(id -> filter.and("customer_id").is(id));
        return PagedFind.page(mongo, COLLECTION, filter, "last_seen_at", false, page).map(PagedFind.mapped(SessionStore::fromDocument));
    }

    private static String idOf(long organizationId, String sessionId) {
        return organizationId + ":" + sessionId;
    }

    private Document toDocument(long organizationId, SessionSummarized session, int retentionDays) {
        return new Document("_id", idOf(organizationId, session.sessionId()))
                .append("organization_id", organizationId)
                .append("session_id", session.sessionId())
                .append("customer_id", session.customerId())
                .append("anonymous_id", session.anonymousId())
                .append("email", session.email())
                .append("started_at", Date.from(session.startedAt()))
                .append("last_seen_at", Date.from(session.lastSeenAt()))
                .append("channel", session.channel())
                .append("last_url", session.lastUrl())
                .append("last_url_at", session.lastUrlAt() == null ? null : Date.from(session.lastUrlAt()))
                .append("page_view_count", session.pageViewCount())
                .append("total_error_count", session.totalErrorCount())
                .append("api_call_count", session.apiCallCount())
                .append("api_error_count", session.apiErrorCount())
                .append("api_error_rate", session.apiErrorRate())
                .append("avg_response_time_ms", session.avgResponseTimeMs())
                .append("engagement_score", session.engagementScore())
                .append("churn_risk_score", session.churnRiskScore())
                .append("replay_chunks", session.replayChunks())
                .append("event_count", session.eventCount())
                .append("expires_at", Date.from(policies.expiry(latest(session.lastSeenAt(), Instant.now()), retentionDays)));
    }

    private static Instant latest(Instant a, Instant b) {
        return a.isAfter(b) ? a : b;
    }

    private static SessionSummarized fromDocument(Document document) {
        return new SessionSummarized(
                document.getString("session_id"),
                document.getString("customer_id"),
                document.getString("anonymous_id"),
                document.getString("email"),
                instantOf(document, "started_at"),
                instantOf(document, "last_seen_at"),
                document.getString("channel"),
                document.getString("last_url"),
                document.get("last_url_at") == null ? null : instantOf(document, "last_url_at"),
                number(document, "page_view_count").longValue(),
                number(document, "total_error_count").longValue(),
                number(document, "api_call_count").longValue(),
                number(document, "api_error_count").longValue(),
                number(document, "api_error_rate").doubleValue(),
                number(document, "avg_response_time_ms").doubleValue(),
                number(document, "engagement_score").doubleValue(),
                number(document, "churn_risk_score").doubleValue(),
                number(document, "replay_chunks").longValue(),
                number(document, "event_count").longValue());
    }

    private static Number number(Document document, String field) {
        return document.get(field, Number.class);
    }
}
