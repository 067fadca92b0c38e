package io.engagement.customer.directory;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.customer.activity.CustomerActivity;
import io.engagement.platform.event.CustomerCreated;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.store.AllOrNothingInsert;
import io.engagement.platform.store.EmailKey;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

import static io.engagement.platform.store.Documents.date;
import static io.engagement.platform.store.Documents.instantOf;
import static io.engagement.platform.store.Documents.longOf;
import static io.engagement.platform.store.Documents.optionalLong;

/**
 * Customers in this service's database. Every query starts from the organization, and the
 * indexes lead with it, so one organization's lookups never touch another's documents.
 */
@Component
class CustomerStore implements StartupWork {

    static final String COLLECTION = "customers";
    static final List<String> SEARCHED = List.of("name", "email", "whatsapp_number");
    /** The customer's place in its organization's {@link CustomerListing}: {@code "<organization id>:<ordinal>"}. */
    static final String LISTING_KEY = "listing_key";

    private final ReactiveMongoTemplate mongo;
    private final CustomerListing listing;
    private final EntityOutbox<CustomerCreated> events;

    CustomerStore(ReactiveMongoTemplate mongo, CustomerListing listing, EntityOutbox<CustomerCreated> events) {
        this.mongo = mongo;
        this.listing = listing;
        this.events = events;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                new Index().on("organization_id", Sort.Direction.ASC).on("customer_id", Sort.Direction.ASC).unique(),
                new Index().on("organization_id", Sort.Direction.ASC).on("email_key", Sort.Direction.ASC).unique(),
                new Index().on("organization_id", Sort.Direction.ASC).on("time_created", Sort.Direction.DESC),
                // sparse: customers from before the listing have no key
                new Index().on(LISTING_KEY, Sort.Direction.ASC).unique().sparse());
    }

    /**
     * Every customer, or none of them; none leaves their listing ordinals vacant. The customers take
     * the ordinals reserved from {@code firstOrdinal} on, in order, and each is marked for its
     * {@link CustomerCreated} event, which goes out once they are written.
     */
    Mono<List<Customer>> insertAll(long organizationId, List<Customer> customers, long firstOrdinal) {
        List<Document> marked = IntStream.range(0, customers.size())
                .mapToObj(i -> toDocument(customers.get(i), firstOrdinal + i)
                        .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(CustomerCreated.class)))
                .toList();
        return AllOrNothingInsert.insert(mongo, COLLECTION, marked)
                .onErrorResume(failure -> listing.vacated(organizationId, marked.size()).then(Mono.error(failure)))
                .doOnNext(events::publish)
                .map(written -> written.stream().map(CustomerStore::fromDocument).toList());
    }

    Mono<StoredCustomer> findByPublicId(long organizationId, String customerId) {
        return findOne(Criteria.where("organization_id").is(organizationId).and("customer_id").is(customerId));
    }

    Mono<StoredCustomer> findByEmail(long organizationId, String email) {
        return findOne(Criteria.where("organization_id").is(organizationId).and("email_key").is(emailKey(email)));
    }

    /** A customer of the organization with any of the e-mails, in one read: the unique (organization, e-mail) index serves it. */
    Mono<StoredCustomer> findAnyByEmail(long organizationId, Collection<String> emails) {
        return findOne(Criteria.where("organization_id").is(organizationId).and("email_key")
                .in(emails.stream().map(CustomerStore::emailKey).distinct().toList()));
    }

    /** Deletes the customer once: a second call (an erasure finished again) finds nothing to count. */
    Mono<Void> delete(long id) {
        return mongo.findAndRemove(Query.query(Criteria.where("_id").is(id)), Document.class, COLLECTION)
                .flatMap(removed -> listing.vacated(longOf(removed, "organization_id"), 1));
    }

    /** {@code companyId} is the filter's resolved company, when the query names one. */
    Mono<PageEnvelope<StoredCustomer>> page(long organizationId, CustomerQuery query, Optional<Long> companyId) {
        Mono<PageEnvelope<Document>> sorted = Mono.defer(() -> PagedFind.page(mongo, COLLECTION,
                filter(organizationId, query, companyId), storedField(query.sortBy()), query.ascending(), query.page()));
        Mono<PageEnvelope<Document>> rows = ListedPage.serves(query, companyId)
                ? listing.of(organizationId)
                        .filter(CustomerListing.Listing::complete)
                        .flatMap(listed -> new ListedPage(mongo, organizationId, listed, query).read())
                        .switchIfEmpty(sorted)
                : sorted;
        return rows.map(PagedFind.mapped(CustomerStore::storedFromDocument));
    }

    private Mono<StoredCustomer> findOne(Criteria criteria) {
        return mongo.findOne(Query.query(criteria), Document.class, COLLECTION).map(CustomerStore::storedFromDocument);
    }

    /** One flat filter document, so the database can use the organization's index. */
    private static Criteria filter(long organizationId, CustomerQuery query, Optional<Long> companyId) {
        Criteria filter = Criteria.where("organization_id").is(organizationId);
        query.source().ifPresent(source -> filter.and("source").is(source));
        query.isActive().ifPresent(active -> filter.and("is_active").is(active));
        companyId.ifPresent(id -> filter.and("company_id").is(id));
        query.search().ifPresent(text -> PagedFind.literalSearch(filter, text, SEARCHED));
        return filter;
    }

    private static String storedField(String sortBy) {
        return sortBy.equals("id") ? "_id" : sortBy;
    }

    static String listingKey(long organizationId, long ordinal) {
        return organizationId + ":" + ordinal;
    }

    /** E-mails are unique per organization whatever their case. */
    static String emailKey(String email) {
        return EmailKey.of(email);
    }

    private static Document toDocument(Customer customer, long ordinal) {
        return new Document("_id", customer.id())
                .append("organization_id", customer.organizationId())
                .append("customer_id", customer.customerId())
                .append("name", customer.name())
                .append("email", customer.email())
                .append("email_key", emailKey(customer.email()))
                .append("whatsapp_number", customer.whatsappNumber())
                .append("source", customer.source())
                .append("ip", customer.ip())
                .append("city", customer.city())
                .append("country", customer.country())
                .append("location", customer.location())
                .append("latitude", customer.latitude())
                .append("longitude", customer.longitude())
                .append("is_active", customer.isActive())
                .append("company_id", customer.companyId())
                .append("time_created", date(customer.timeCreated()))
                .append("time_updated", date(customer.timeUpdated()))
                .append(LISTING_KEY, listingKey(customer.organizationId(), ordinal))
                .append(CustomerActivity.REVISION, 0L);
    }

    static StoredCustomer storedFromDocument(Document document) {
        return new StoredCustomer(fromDocument(document), CustomerActivity.latestSessionOf(document));
    }

    static Customer fromDocument(Document document) {
        return new Customer(
                longOf(document, "_id"),
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
                longOf(document, "organization_id"),
                optionalLong(document, "company_id"),
                instantOf(document, "time_created"),
                instantOf(document, "time_updated"));
    }
}
