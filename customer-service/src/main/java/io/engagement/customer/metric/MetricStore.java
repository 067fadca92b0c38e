package io.engagement.customer.metric;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.event.CompanyMetricSet;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.MetricDefined;
import org.bson.Document;
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

import java.time.Instant;
import java.util.List;
import java.util.Locale;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;
import static io.engagement.platform.store.Documents.longOf;

/** Metric definitions and company metric values, each unique where the contract says. */
@Component
class MetricStore implements StartupWork {

    static final String DEFINITIONS = "metric_definitions";
    static final String VALUES = "company_metric_values";

    private final ReactiveMongoTemplate mongo;
    private final EntityOutbox<MetricDefined> definitionEvents;
    private final EntityOutbox<CompanyMetricSet> valueEvents;

    MetricStore(ReactiveMongoTemplate mongo, EntityOutbox<MetricDefined> definitionEvents, EntityOutbox<CompanyMetricSet> valueEvents) {
        this.mongo = mongo;
        this.definitionEvents = definitionEvents;
        this.valueEvents = valueEvents;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        var definitions = mongo.indexOps(DEFINITIONS);
        var values = mongo.indexOps(VALUES);
        return Flux.concat(
                        definitions.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("metric_id", Sort.Direction.ASC).unique()),
                        definitions.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("name_key", Sort.Direction.ASC).unique()),
                        values.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("company_id", Sort.Direction.ASC)
                                .on("metric_id", Sort.Direction.ASC).unique()))
                .then();
    }

    /** Stores the definition marked for its {@link MetricDefined} event, which goes out once it is written. */
    Mono<MetricDefinition> insertDefinition(MetricDefinition definition) {
        Document marked = definitionDocument(definition).append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(MetricDefined.class));
        return mongo.insert(marked, DEFINITIONS)
                .doOnNext(written -> definitionEvents.publish(List.of(written)))
                .map(MetricStore::definitionOf);
    }

    Mono<MetricDefinition> findDefinition(long organizationId, String metricId) {
        return mongo.findOne(Query.query(Criteria.where("organization_id").is(organizationId).and("metric_id").is(metricId)),
                        Document.class, DEFINITIONS)
                .map(MetricStore::definitionOf);
    }

    /**
     * Updates the company's value of the metric, if it has one, marked for its {@link CompanyMetricSet}
     * event, which goes out once it is written.
     */
    Mono<MetricValue> updateValue(long organizationId, long companyId, long metricId, String value, Instant now) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("company_id").is(companyId)
                .and("metric_id").is(metricId));
        Update update = new Update().set("value", value).set("time_updated", date(now))
                .set(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(CompanyMetricSet.class));
        return mongo.findAndModify(query, update, FindAndModifyOptions.options().returnNew(true), Document.class, VALUES)
                .doOnNext(written -> valueEvents.publish(List.of(written)))
                .map(MetricStore::valueOf);
    }

    /** Stores a company's first value of the metric, marked for its {@link CompanyMetricSet} event, which goes out once it is written. */
    Mono<MetricValue> insertValue(MetricValue value, long organizationId, String companyPublicId) {
        Document marked = valueDocument(value, organizationId, companyPublicId)
                .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(CompanyMetricSet.class));
        return mongo.insert(marked, VALUES)
                .doOnNext(written -> valueEvents.publish(List.of(written)))
                .map(MetricStore::valueOf);
    }

    Flux<MetricValue> values(long organizationId, long companyId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("company_id").is(companyId))
                .with(Sort.by(Sort.Direction.ASC, "_id"));
        return mongo.find(query, Document.class, VALUES).map(MetricStore::valueOf);
    }

    static String nameKey(String name) {
        return name.strip().toLowerCase(Locale.ROOT);
    }

    private static Document definitionDocument(MetricDefinition definition) {
        return new Document("_id", definition.id())
                .append("organization_id", definition.organizationId())
                .append("metric_id", definition.metricId())
                .append("name", definition.name())
                .append("name_key", nameKey(definition.name()))
                .append("description", definition.description())
                .append("data_type", definition.dataType())
                .append("time_created", date(definition.timeCreated()))
                .append("time_updated", date(definition.timeUpdated()));
    }

    static MetricDefinition definitionOf(Document document) {
        return new MetricDefinition(longOf(document, "_id"), document.getString("metric_id"), document.getString("name"),
                document.getString("description"), document.getString("data_type"), longOf(document, "organization_id"),
                instantOf(document, "time_created"), instantOf(document, "time_updated"));
    }

    private static Document valueDocument(MetricValue value, long organizationId, String companyPublicId) {
        return new Document("_id", value.id())
                .append("organization_id", organizationId)
                .append("company_id", value.companyId())
                .append("company_public_id", companyPublicId)
                .append("metric_id", value.metricId())
                .append("metric_name", value.metricName())
                .append("data_type", value.dataType())
                .append("value", value.value())
                .append("time_created", date(value.timeCreated()))
                .append("time_updated", date(value.timeUpdated()));
    }

    static MetricValue valueOf(Document document) {
        return new MetricValue(longOf(document, "_id"), longOf(document, "company_id"), longOf(document, "metric_id"),
                document.getString("metric_name"), document.getString("data_type"), document.getString("value"),
                instantOf(document, "time_created"), instantOf(document, "time_updated"));
    }
}
