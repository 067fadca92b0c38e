package io.engagement.alert.raised;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.alert.detection.AlertRaised;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.store.PagedFind;
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
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;

/**
 * Raised alerts, one document each under the id detection gave it, so storing the same alert
 * again changes nothing. Delivery statuses live with the deliveries and are joined in when read.
 */
@Component
public class AlertStore implements StartupWork {

    static final String ALERTS = "alerts";
    /** What an alert's message says instead of an erased customer's id. */
    static final String ERASED = "(erased customer)";

    private final ReactiveMongoTemplate mongo;
    private final AlertDeliveries deliveries;

    AlertStore(ReactiveMongoTemplate mongo, AlertDeliveries deliveries) {
        this.mongo = mongo;
        this.deliveries = deliveries;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(ALERTS)
                .createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("raised_at", Sort.Direction.DESC))
                .then();
    }

    /** Stores the alert unless it is stored already; true when this call stored it. */
    Mono<Boolean> insertIfAbsent(long organizationId, AlertRaised alert) {
        Document document = new Document("_id", alert.alertId())
                .append("organization_id", organizationId)
                .append("rule_id", alert.ruleId())
                .append("type", alert.type())
                .append("message", alert.message())
                .append("value", alert.value())
                .append("threshold", alert.threshold())
                .append("confidence", alert.confidence())
                .append("window_start", date(alert.windowStart()))
                .append("window_end", date(alert.windowEnd()))
                .append("subject", alert.subject())
                .append("raised_at", date(alert.raisedAt()))
                .append("status", AlertView.OPEN);
        return mongo.insert(document, ALERTS).thenReturn(true)
                .onErrorResume(DuplicateKeyException.class, stored -> Mono.just(false));
    }

    /**
     * Forgets an erased customer in the alerts that name them (churn signals): the subject goes and
     * the message no longer says who; type, value, threshold, window and status stay.
     */
    Mono<Long> forgetSubject(long organizationId, String customerId) {
        return mongo.find(Query.query(Criteria.where("organization_id").is(organizationId).and("subject").is(customerId)), Document.class, ALERTS)
                .concatMap(alert -> mongo.updateFirst(Query.query(Criteria.where("_id").is(alert.get("_id"))), new Update()
                        .set("subject", null)
                        .set("subject_erased", true)
                        .set("message", alert.getString("message") == null ? null
                                : alert.getString("message").replace(customerId, ERASED)), ALERTS))
                .count();
    }

    /** The alert as the API shows it, with its deliveries. */
    public Mono<AlertView> find(long organizationId, String alertId) {
        return mongo.findOne(byId(organizationId, alertId), Document.class, ALERTS)
                .flatMap(document -> withDeliveries(organizationId, List.of(document)))
                .flatMap(views -> Mono.justOrEmpty(views.stream().findFirst()));
    }

    Mono<AlertView> acknowledge(long organizationId, String alertId) {
        return mongo.findAndModify(byId(organizationId, alertId), new Update().set("status", AlertView.ACKNOWLEDGED),
                        FindAndModifyOptions.options().returnNew(true), Document.class, ALERTS)
                .flatMap(document -> withDeliveries(organizationId, List.of(document)))
                .flatMap(views -> Mono.justOrEmpty(views.stream().findFirst()));
    }

    Mono<PageEnvelope<AlertView>> page(long organizationId, String status, String type, PageRequest page) {
        Criteria filter = Criteria.where("organization_id").is(organizationId);
        if (status != null) {
            filter = filter.and("status").is(status);
        }
        if (type != null) {
            filter = filter.and("type").is(type);
        }
        return PagedFind.page(mongo, ALERTS, filter, "raised_at", false, page)
                .flatMap(documents -> withDeliveries(organizationId, documents.data())
                        .map(views -> new PageEnvelope<>(views, documents.total(), documents.page(), documents.pageSize(),
                                documents.totalPages(), documents.hasNext(), documents.hasPrevious())));
    }

    private Mono<List<AlertView>> withDeliveries(long organizationId, List<Document> alerts) {
        List<String> ids = alerts.stream().map(document -> document.getString("_id")).toList();
        return deliveries.statuses(organizationId, ids)
                .map(byAlert -> alerts.stream().map(document -> viewOf(document, byAlert)).toList());
    }

    private static AlertView viewOf(Document document, Map<String, List<AlertView.DeliveryView>> deliveries) {
        String alertId = document.getString("_id");
        return new AlertView(alertId, document.getString("rule_id"), document.getString("type"), document.getString("message"),
                number(document, "value"), number(document, "threshold"), number(document, "confidence"),
                instantOf(document, "window_start"), instantOf(document, "window_end"), document.getString("subject"),
                instantOf(document, "raised_at"), document.getString("status"), deliveries.getOrDefault(alertId, List.of()));
    }

    private static double number(Document document, String field) {
        return ((Number) document.get(field)).doubleValue();
    }

    private static Query byId(long organizationId, String alertId) {
        return Query.query(Criteria.where("_id").is(alertId).and("organization_id").is(organizationId));
    }

}
