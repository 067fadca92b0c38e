package io.engagement.customer.company;

import org.bson.Document;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import static io.engagement.platform.store.Documents.longOf;

/** What other features may ask of companies: ids from public ids, and names for lists. */
@Component
public class CompanyDirectory {

    private static final String COLLECTION = CompanyStore.COLLECTION;

    private final ReactiveMongoTemplate mongo;

    CompanyDirectory(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** The internal id of the organization's company with this public id. */
    public Mono<Long> idOf(long organizationId, String companyPublicId) {
        return idsOf(organizationId, List.of(companyPublicId)).flatMap(ids -> Mono.justOrEmpty(ids.get(companyPublicId)));
    }

    /** Internal ids by public id, in one read, of those of the public ids the organization has. */
    public Mono<Map<String, Long>> idsOf(long organizationId, Collection<String> companyPublicIds) {
        if (companyPublicIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("company_id").in(companyPublicIds));
        query.fields().include("_id", "company_id");
        return mongo.find(query, Document.class, COLLECTION)
                .collectMap(company -> company.getString("company_id"), company -> longOf(company, "_id"));
    }

    /** The organization's company with this public id; empty for an unknown or foreign one. */
    public Mono<Company> find(long organizationId, String companyPublicId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("company_id").is(companyPublicId));
        return mongo.findOne(query, Document.class, COLLECTION).map(CompanyStore::fromDocument);
    }

    /** Company names by internal id, in one query, for the companies of one page of customers. */
    public Mono<Map<Long, String>> namesOf(long organizationId, Collection<Long> companyIds) {
        if (companyIds.isEmpty()) {
            return Mono.just(Map.of());
        }
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and("_id").in(companyIds));
        query.fields().include("_id", "company_name");
        return mongo.find(query, Document.class, COLLECTION)
                .collectMap(company -> longOf(company, "_id"), company -> company.getString("company_name"));
    }
}
