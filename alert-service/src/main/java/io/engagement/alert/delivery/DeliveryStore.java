package io.engagement.alert.delivery;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.alert.rule.Channel;
import io.engagement.alert.rule.QuietHours;
import org.bson.Document;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.FindAndModifyOptions;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.databind.ObjectMapper;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;
import static io.engagement.platform.store.Documents.longOf;

/**
 * Deliveries, durable: each waits in the database with the time of its next attempt, and a poller
 * claims due ones atomically (a lease), so one retry due while the service was down is sent when
 * it is back, and two instances never send the same attempt.
 */
@Component
class DeliveryStore implements StartupWork {

    static final String DELIVERIES = "alert_deliveries";

    private final ReactiveMongoTemplate mongo;
    private final ObjectMapper json;

    DeliveryStore(ReactiveMongoTemplate mongo, ObjectMapper json) {
        this.mongo = mongo;
        this.json = json;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        var index = mongo.indexOps(DELIVERIES);
        return Flux.concat(
                        index.createIndex(new Index().on("status", Sort.Direction.ASC).on("next_attempt_at", Sort.Direction.ASC)),
                        index.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("alert_id", Sort.Direction.ASC)),
                        index.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("target_json", Sort.Direction.ASC)
                                .on("channel", Sort.Direction.ASC)))
                .then();
    }

    /** Stores the delivery unless it is stored already. */
    Mono<Void> insertIfAbsent(Delivery delivery) {
        QuietHours quiet = delivery.quietHours();
        Document document = new Document("_id", delivery.deliveryId())
                .append("organization_id", delivery.organizationId())
                .append("alert_id", delivery.alertId())
                .append("rule_id", delivery.ruleId())
                .append("position", delivery.position())
                .append("channel", delivery.channel())
                .append("target_json", delivery.target() == null ? null : json.writeValueAsString(delivery.target()))
                .append("status", delivery.status())
                .append("attempts", delivery.attempts())
                .append("next_attempt_at", date(delivery.nextAttemptAt()))
                .append("lease_until", date(Instant.EPOCH))
                .append("quiet_hours", quiet == null ? null
                        : new Document("timezone", quiet.timezone()).append("start", quiet.start()).append("end", quiet.end()));
        return mongo.insert(document, DELIVERIES).then()
                .onErrorResume(DuplicateKeyException.class, stored -> Mono.empty());
    }

    /** Takes one due delivery for {@code lease}, if there is one; widget prompts wait for the widget to fetch them. */
    Mono<Delivery> claimDue(Instant now, Duration lease) {
        Query due = Query.query(Criteria.where("status").in(Delivery.PENDING, Delivery.DEFERRED)
                        .and("next_attempt_at").lte(date(now))
                        .and("channel").ne(Channel.WIDGET)
                        .and("lease_until").lte(date(now)))
                .with(Sort.by(Sort.Direction.ASC, "next_attempt_at"));
        return mongo.findAndModify(due, new Update().set("lease_until", date(now.plus(lease))),
                FindAndModifyOptions.options().returnNew(true), Document.class, DELIVERIES).map(this::deliveryOf);
    }

    /** Records an attempt's outcome and releases the lease. */
    Mono<Void> settle(Delivery delivery, String status, int attempts, Instant nextAttemptAt, String lastError) {
        Update update = new Update().set("status", status).set("attempts", attempts)
                .set("next_attempt_at", date(nextAttemptAt)).set("lease_until", date(Instant.EPOCH))
                .set("last_error", lastError);
        return mongo.updateFirst(Query.query(Criteria.where("_id").is(delivery.deliveryId())), update, DELIVERIES).then();
    }

    /**
     * The widget prompts of one session that are waiting and due: not yet handed out, and past the
     * end of the quiet hours they were raised in.
     */
    Flux<Delivery> widgetPromptsDue(long organizationId, String sessionId, Instant now) {
        Query due = Query.query(Criteria.where("organization_id").is(organizationId)
                        .and("channel").is(Channel.WIDGET)
                        .and("target_json").is(json.writeValueAsString(sessionId))
                        .and("status").in(Delivery.PENDING, Delivery.DEFERRED)
                        .and("next_attempt_at").lte(date(now)))
                .with(Sort.by(Sort.Direction.ASC, "next_attempt_at"));
        return mongo.find(due, Document.class, DELIVERIES).map(this::deliveryOf);
    }

    /** Marks a widget prompt handed out; true for the one request that did, so two widgets never both show it. */
    Mono<Boolean> handedOut(Delivery delivery, Instant now) {
        Query waiting = Query.query(Criteria.where("_id").is(delivery.deliveryId())
                .and("status").in(Delivery.PENDING, Delivery.DEFERRED));
        Update update = new Update().set("status", Delivery.DELIVERED).set("attempts", delivery.attempts() + 1)
                .set("next_attempt_at", date(now));
        return mongo.updateFirst(waiting, update, DELIVERIES).map(result -> result.getModifiedCount() > 0);
    }

    /** The deliveries of these alerts, each alert's in the order of its rule's channels. */
    Flux<Delivery> ofAlerts(long organizationId, List<String> alertIds) {
        return mongo.find(Query.query(Criteria.where("organization_id").is(organizationId).and("alert_id").in(alertIds))
                .with(Sort.by(Sort.Direction.ASC, "position")), Document.class, DELIVERIES).map(this::deliveryOf);
    }

    private Delivery deliveryOf(Document document) {
        String target = document.getString("target_json");
        Document quiet = document.get("quiet_hours", Document.class);
        return new Delivery(document.getString("_id"), longOf(document, "organization_id"), document.getString("alert_id"),
                document.getString("rule_id"), document.getInteger("position", 0), document.getString("channel"),
                target == null ? null : json.readTree(target), document.getString("status"), document.getInteger("attempts", 0),
                instantOf(document, "next_attempt_at"),
                quiet == null ? null : new QuietHours(quiet.getString("timezone"), quiet.getString("start"), quiet.getString("end")));
    }
}
