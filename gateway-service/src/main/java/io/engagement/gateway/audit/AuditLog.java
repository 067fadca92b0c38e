package io.engagement.gateway.audit;

import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.store.EmailKey;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * The organizations' audit logs ({@code audit_events}): append-only, one document per act under its
 * id, so an act read twice from the topic is stored once; nothing updates or deletes one but MongoDB's
 * TTL index, 400 days after the act. Indexes serve the list's filters, newest first.
 */
@Component
class AuditLog implements StartupWork {

    static final String COLLECTION = "audit_events";
    static final Duration KEPT = Duration.ofDays(400);

    private final ReactiveMongoTemplate mongo;

    AuditLog(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    @Override
    public Mono<Void> prepare() {
        var indexes = mongo.indexOps(COLLECTION);
        return indexes.createIndex(new Index("organization_id", Sort.Direction.ASC).on("at", Sort.Direction.DESC).on("_id", Sort.Direction.DESC))
                .then(indexes.createIndex(new Index("organization_id", Sort.Direction.ASC).on("action", Sort.Direction.ASC)
                        .on("at", Sort.Direction.DESC)))
                .then(indexes.createIndex(new Index("organization_id", Sort.Direction.ASC).on("actor.email", Sort.Direction.ASC)
                        .on("at", Sort.Direction.DESC)))
                .then(indexes.createIndex(new Index("at", Sort.Direction.ASC).expire(KEPT.toSeconds(), TimeUnit.SECONDS)))
                .then();
    }

    Mono<Void> append(long organizationId, AuditRecorded act) {
        Document actor = new Document("type", act.actor().type());
        Optional.ofNullable(act.actor().personId()).ifPresent(id -> actor.append("person_id", id));
        Optional.ofNullable(act.actor().email()).ifPresent(email -> actor.append("email", EmailKey.of(email)));
        Optional.ofNullable(act.actor().keyId()).ifPresent(id -> actor.append("key_id", id));
        Document document = new Document("_id", act.eventId())
                .append("organization_id", organizationId)
                .append("at", Date.from(act.at()))
                .append("action", act.action())
                .append("actor", actor)
                .append("target", new Document("type", act.target().type()).append("id", act.target().id()))
                .append("ip", act.ip())
                .append("user_agent", act.userAgent())
                .append("details", new Document(act.details()));
        return mongo.insert(document, COLLECTION).then().onErrorResume(DuplicateKeyException.class, again -> Mono.empty());
    }

    Mono<PageEnvelope<AuditEventView>> page(long organizationId, Filter filter, PageRequest page) {
        Criteria criteria = Criteria.where("organization_id").is(organizationId);
        filter.action().ifPresent(action -> criteria.and("action").is(action));
        filter.actorEmail().ifPresent(email -> criteria.and("actor.email").is(EmailKey.of(email)));
        if (filter.since().isPresent() || filter.until().isPresent()) {
            Criteria at = criteria.and("at");
            filter.since().ifPresent(since -> at.gte(Date.from(since)));
            filter.until().ifPresent(until -> at.lt(Date.from(until)));
        }
        Query query = Query.query(criteria);
        Mono<Long> total = mongo.count(query, COLLECTION);
        Mono<List<AuditEventView>> rows = mongo.find(Query.of(query).with(Sort.by(Sort.Direction.DESC, "at", "_id"))
                        .skip(page.offset()).limit(page.pageSize()), Document.class, COLLECTION)
                .map(AuditLog::view).collectList();
        return Mono.zip(rows, total).map(found -> PageEnvelope.of(found.getT1(), found.getT2(), page));
    }

    private static AuditEventView view(Document document) {
        Document actor = document.get("actor", Document.class);
        Document target = document.get("target", Document.class);
        Number keyId = actor.get("key_id", Number.class);
        return new AuditEventView(document.getString("_id"), document.getDate("at").toInstant(), document.getString("action"),
                new AuditRecorded.Actor(actor.getString("type"), actor.getString("person_id"), actor.getString("email"),
                        keyId == null ? null : keyId.longValue()),
                new AuditRecorded.Target(target.getString("type"), target.getString("id")),
                document.getString("ip"), document.getString("user_agent"), document.get("details", Document.class));
    }

    /** The list's filters: each absent one matches every act; {@code until} is exclusive. */
    record Filter(Optional<String> action, Optional<String> actorEmail, Optional<Instant> since, Optional<Instant> until) {
    }

    /** One act as {@code GET /external/v1/audit-events} shows it. */
    record AuditEventView(String eventId, Instant at, String action, AuditRecorded.Actor actor, AuditRecorded.Target target, String ip,
                          String userAgent, Map<String, Object> details) {
    }
}
