package io.engagement.customer.customer;

import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Customers in this service's database. Every query starts from the organization, and the
 * indexes lead with it, so one organization's lists never touch another's documents.
 */
@Component
class CustomerStore {

    static final String COLLECTION = "customers";

    private final ReactiveMongoTemplate mongo;

    CustomerStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    Mono<Void> createIndexes() {
        var indexes = mongo.indexOps(COLLECTION);
        return Flux.concat(
                        indexes.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("customer_id", Sort.Direction.ASC).unique()),
                        indexes.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("email_key", Sort.Direction.ASC).unique()),
                        indexes.createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("time_created", Sort.Direction.DESC)))
                .then();
    }

    Mono<Long> count(long organizationId, CustomerQuery query, Long companyId) {
        return mongo.count(filter(organizationId, query, companyId), COLLECTION);
    }

    Flux<Customer> page(long organizationId, CustomerQuery query, Long companyId) {
        Sort.Direction direction = query.ascending() ? Sort.Direction.ASC : Sort.Direction.DESC;
        Query page = filter(organizationId, query, companyId)
                .with(Sort.by(direction, storedField(query.sortBy())).and(Sort.by(direction, "_id")))
                .skip(query.page().offset())
                .limit(query.page().pageSize());
        return mongo.find(page, Document.class, COLLECTION).map(CustomerStore::fromDocument);
    }

    private static Query filter(long organizationId, CustomerQuery query, Long companyId) {
        List<Criteria> criteria = new ArrayList<>();
        criteria.add(Criteria.where("organization_id").is(organizationId));
        query.search().ifPresent(text -> criteria.add(searching(text)));
        query.source().ifPresent(source -> criteria.add(Criteria.where("source").is(source)));
        query.isActive().ifPresent(active -> criteria.add(Criteria.where("is_active").is(active)));
        if (query.companyId().isPresent()) {
            criteria.add(Criteria.where("company_id").is(companyId));
        }
        return Query.query(new Criteria().andOperator(criteria));
    }

    /** Literal, case-insensitive text: the client's text is quoted, never run as a pattern. */
    private static Criteria searching(String text) {
        Pattern literal = Pattern.compile(Pattern.quote(text), Pattern.CASE_INSENSITIVE);
        return new Criteria().orOperator(
                Criteria.where("name").regex(literal),
                Criteria.where("email").regex(literal),
                Criteria.where("whatsapp_number").regex(literal));
    }

    private static String storedField(String sortBy) {
        return sortBy.equals("id") ? "_id" : sortBy;
    }

    static Customer fromDocument(Document document) {
        return new Customer(
                ((Number) document.get("_id")).longValue(),
                document.getString("customer_id"),
                document.getString("name"),
                document.getString("email"),
                document.getString("whatsapp_number"),
                document.getString("source"),
                document.getString("ip"),
                document.getString("city"),
                document.getString("country"),
                document.getString("location"),
                document.getString("latitude"),
                document.getString("longitude"),
                document.getBoolean("is_active"),
                ((Number) document.get("organization_id")).longValue(),
                document.get("company_id") == null ? null : ((Number) document.get("company_id")).longValue(),
                null,
                instant(document.getDate("time_created")),
                instant(document.getDate("time_updated")));
    }

    private static java.time.Instant instant(Date date) {
        return date == null ? null : date.toInstant();
    }
}
