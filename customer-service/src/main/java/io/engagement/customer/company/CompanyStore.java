package io.engagement.customer.company;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.event.CompanyCreated;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.store.AllOrNothingInsert;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.List;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;
import static io.engagement.platform.store.Documents.longOf;

/** Companies in this service's database; every query starts from the organization. */
@Component
class CompanyStore implements StartupWork {

    static final String COLLECTION = "companies";

    private final ReactiveMongoTemplate mongo;
    private final EntityOutbox<CompanyCreated> events;

    CompanyStore(ReactiveMongoTemplate mongo, EntityOutbox<CompanyCreated> events) {
        this.mongo = mongo;
        this.events = events;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                new Index().on("organization_id", Sort.Direction.ASC).on("company_id", Sort.Direction.ASC).unique(),
                new Index().on("organization_id", Sort.Direction.ASC).on("time_created", Sort.Direction.DESC));
    }

    /** Every company, or none of them, each marked for its {@link CompanyCreated} event, which goes out once they are written. */
    Mono<List<Company>> insertAll(List<Company> companies) {
        List<Document> marked = companies.stream()
                .map(company -> toDocument(company).append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(CompanyCreated.class)))
                .toList();
        return AllOrNothingInsert.insert(mongo, COLLECTION, marked)
                .doOnNext(events::publish)
                .map(written -> written.stream().map(CompanyStore::fromDocument).toList());
    }

    Mono<PageEnvelope<Company>> page(long organizationId, CompanyQuery query) {
        return PagedFind.page(mongo, COLLECTION, filter(organizationId, query), storedField(query.sortBy()), query.ascending(), query.page())
                .map(PagedFind.mapped(CompanyStore::fromDocument));
    }

    /** One flat filter document, so the database can use the organization's index. */
    private static Criteria filter(long organizationId, CompanyQuery query) {
        Criteria filter = Criteria.where("organization_id").is(organizationId);
        query.status().ifPresent(status -> filter.and("company_status").is(status));
        query.industry().ifPresent(industry -> filter.and("industry").is(industry));
        query.search().ifPresent(text -> PagedFind.literalSearch(filter, text, CompanyQuery.SEARCHED));
        return filter;
    }

    private static String storedField(String sortBy) {
        return sortBy.equals("id") ? "_id" : sortBy;
    }

    private static Document toDocument(Company company) {
        return new Document("_id", company.id())
                .append("organization_id", company.organizationId())
                .append("company_id", company.companyId())
                .append("company_name", company.companyName())
                .append("company_email", company.companyEmail())
                .append("company_status", company.companyStatus())
                .append("description", company.description())
                .append("industry", company.industry())
                .append("website", company.website())
                .append("phone", company.phone())
                .append("address", company.address())
                .append("time_created", date(company.timeCreated()))
                .append("time_updated", date(company.timeUpdated()));
    }

    static Company fromDocument(Document document) {
        return new Company(
                longOf(document, "_id"),
                document.getString("company_id"),
                document.getString("company_name"),
                document.getString("company_email"),
                document.getString("company_status"),
                document.getString("description"),
                document.getString("industry"),
                document.getString("website"),
                document.getString("phone"),
                document.getString("address"),
                longOf(document, "organization_id"),
                instantOf(document, "time_created"),
                instantOf(document, "time_updated"));
    }
}
