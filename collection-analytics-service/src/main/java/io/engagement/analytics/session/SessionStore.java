package io.engagement.analytics.session;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.event.SessionSummarized;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.store.Documents;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import com.mongodb.bulk.BulkWriteResult;
import com.mongodb.bulk.BulkWriteUpsert;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

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
    private final Optional<SessionLists> lists;

    SessionStore(ReactiveMongoTemplate mongo, OrganizationPolicies policies, SessionLists lists, SessionSettings settings) {
        this.mongo = mongo;
        this.policies = policies;
        this.lists = settings.keptLists() ? Optional.of(lists) : Optional.empty();
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
                new Index().on("expires_at", Sort.Direction.ASC).expire(Duration.ZERO))
                .then(lists.map(kept -> kept.buildOnce(mongo.find(new Query(), Document.class, COLLECTION).map(SessionStore::listedOf)))
                        .orElseGet(Mono::empty));
    }

    Mono<Void> saveAll(Collection<EventEnvelope<SessionSummarized>> given) {
        if (given.isEmpty()) {
            return Mono.empty();
        }
        List<EventEnvelope<SessionSummarized>> summaries = List.copyOf(given);
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
                .flatMap(written -> lists.map(kept -> kept.add(listed(summaries, written))).orElseGet(Mono::empty))
                .then();
    }

    /** The summaries as their lists know them, each marked inserted when the bulk write stored it for the first time. */
    private static List<SessionLists.Listed> listed(List<EventEnvelope<SessionSummarized>> summaries, BulkWriteResult written) {
        Set<Integer> inserted = written.getUpserts().stream().map(BulkWriteUpsert::getIndex).collect(Collectors.toSet());
        return IntStream.range(0, summaries.size())
                .mapToObj(i -> {
                    EventEnvelope<SessionSummarized> summary = summaries.get(i);
                    return new SessionLists.Listed(summary.orgId(), summary.data().sessionId(), summary.data().customerId(),
                            summary.data().lastSeenAt(), inserted.contains(i));
                })
                .toList();
    }

    private static SessionLists.Listed listedOf(Document session) {
        return new SessionLists.Listed(Documents.longOf(session, "organization_id"), session.getString("session_id"),
                session.getString("customer_id"), instantOf(session, "last_seen_at"), false);
    }

    /** Forgets erased sessions ({@code _id}s, {@code org:session_id}), in their lists too. */
    Mono<Void> deleteAll(Collection<String> keys) {
        if (keys.isEmpty()) {
            return Mono.empty();
        }
        Query erased = Query.query(Criteria.where("_id").in(keys));
        Mono<Void> unlisted = lists.map(kept -> mongo.find(erased, Document.class, COLLECTION)
                        .map(SessionStore::listedOf)
                        .collectList()
                        .flatMap(kept::remove))
                .orElseGet(Mono::empty);
        return unlisted.then(mongo.remove(erased, COLLECTION)).then();
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

    /**
     * Newest {@code last_seen_at} first, of one customer when {@code customerId} is given: from the
     * list's kept entries where they hold the page, else from the collection by its indexes.
     */
    Mono<PageEnvelope<SessionSummarized>> page(long organizationId, Optional<String> customerId, PageRequest page) {
        Mono<PageEnvelope<SessionSummarized>> kept = lists
                .map(held -> held.page(organizationId, customerId, page.offset(), page.pageSize())
                        .flatMap(slice -> sessions(slice.keys(), customerId).map(rows -> PageEnvelope.of(rows, slice.total(), page))))
                .orElseGet(Mono::empty);
        return kept.switchIfEmpty(Mono.defer(() -> {
            Criteria filter = Criteria.where("organization_id").is(organizationId);
            customerId.ifPresent(id -> filter.and("customer_id").is(id));
            return PagedFind.page(mongo, COLLECTION, filter, "last_seen_at", false, page).map(PagedFind.mapped(SessionStore::fromDocument));
        }));
    }

    /**
     * The sessions with these {@code _id}s in their order; one no longer stored, or (after an
     * identify) now another customer's, is left out.
     */
    private Mono<List<SessionSummarized>> sessions(List<String> keys, Optional<String> customerId) {
        if (keys.isEmpty()) {
            return Mono.just(List.of());
        }
        return mongo.find(Query.query(Criteria.where("_id").in(keys)), Document.class, COLLECTION)
                .filter(document -> customerId.isEmpty() || customerId.get().equals(document.getString("customer_id")))
                .collectMap(document -> document.getString("_id"), SessionStore::fromDocument)
                .map(found -> keys.stream().filter(found::containsKey).map(found::get).toList());
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
