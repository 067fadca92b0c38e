package io.engagement.platform.event;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.store.Documents;
import org.bson.Document;
import org.springframework.data.mongodb.core.FindAndReplaceOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A service's copy of every organization's {@link OrganizationPolicy}, kept in its own database
 * ({@code organization_policies}) from {@link Topics#ORGANIZATION}: the service's listener hands
 * each record to {@link #accept}. Reads are cached for {@link #FRESH}, so a change reaches every
 * replica within that time after the listener stored it.
 *
 * <p>A request also carries its organization's policy in the gateway's internal token, which the
 * gateway updates as it writes a change; {@link #observe} keeps the latest such copy, and a read
 * answers whichever copy is later by {@link OrganizationPolicy#version()}. So the request after an
 * administrator's change is already served by it (a plan upgrade honoured at once), on the path
 * of that request and on whatever else this replica does for the organization from then on.
 */
public final class OrganizationPolicies {

    public static final String COLLECTION = "organization_policies";
    static final Duration FRESH = Duration.ofSeconds(5);

    private final ReactiveMongoTemplate mongo;
    private final EventReader events;
    private final Clock clock;
    private final Duration dayLength;
    private final Map<Long, Cached> cache = new ConcurrentHashMap<>();
    /** The latest policy a request's token carried, per organization. */
    private final Map<Long, OrganizationPolicy> carried = new ConcurrentHashMap<>();

    /** @param dayLength what a retention day lasts: a day, except in tests that watch data expire */
    public OrganizationPolicies(ReactiveMongoTemplate mongo, EventReader events, Clock clock, Duration dayLength) {
        this.mongo = mongo;
        this.events = events;
        this.clock = clock;
        this.dayLength = dayLength;
    }

    /** When something written at {@code writtenAt} and kept for {@code days} expires. */
    public Instant expiry(Instant writtenAt, int days) {
        return writtenAt.plus(dayLength.multipliedBy(days));
    }

    /** The organization's policy; {@link OrganizationPolicy#DEFAULT} until it changes one. */
    public Mono<OrganizationPolicy> of(long organizationId) {
        Cached cached = cache.get(organizationId);
        if (cached != null && cached.readAt().plus(FRESH).isAfter(clock.instant())) {
            return Mono.just(cached.policy().newer(carried.get(organizationId)));
        }
        return mongo.findById(organizationId, Document.class, COLLECTION)
                .map(OrganizationPolicies::fromDocument)
                .defaultIfEmpty(OrganizationPolicy.DEFAULT)
                .doOnNext(policy -> cache.put(organizationId, new Cached(policy, clock.instant())))
                .map(policy -> policy.newer(carried.get(organizationId)));
    }

    /** Keeps the policy a request's token carried, when it is later than any this replica has seen carried. */
    public void observe(OrgContext context) {
        OrganizationPolicy policy = context.policy();
        if (policy != null) {
            carried.merge(context.organizationId(), policy, OrganizationPolicy::newer);
        }
    }

    /** Stores a record of the organization topic; anything but a policy event is skipped. */
    public Mono<Void> accept(String value) {
        return events.read(value, OrganizationPolicy.class).map(this::store).orElse(Mono.empty());
    }

    private Mono<Void> store(EventEnvelope<OrganizationPolicy> changed) {
        long organizationId = changed.orgId();
        OrganizationPolicy policy = changed.data();
        return mongo.findAndReplace(Query.query(Criteria.where("_id").is(organizationId)), toDocument(organizationId, policy),
                        FindAndReplaceOptions.options().upsert(), Document.class, COLLECTION)
                .then(Mono.fromRunnable(() -> cache.put(organizationId, new Cached(policy, clock.instant()))));
    }

    private static Document toDocument(long organizationId, OrganizationPolicy policy) {
        OrganizationPolicy.Retention retention = policy.retention();
        return new Document("_id", organizationId)
                .append("raw_event_days", retention.rawEventDays())
                .append("replay_days", retention.replayDays())
                .append("message_body_days", retention.messageBodyDays())
                .append("redaction_opt_out", policy.redactionOptOut())
                .append("plan", policy.plan())
                .append("version", policy.version());
    }

    private static OrganizationPolicy fromDocument(Document document) {
        return new OrganizationPolicy(new OrganizationPolicy.Retention(document.getInteger("raw_event_days"),
                document.getInteger("replay_days"), document.getInteger("message_body_days")),
                document.getList("redaction_opt_out", String.class, List.of()), document.getString("plan"),
                Documents.longOf(document, "version", 0));
    }

    private record Cached(OrganizationPolicy policy, Instant readAt) {
    }
}
