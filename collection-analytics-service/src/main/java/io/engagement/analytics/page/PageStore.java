package io.engagement.analytics.page;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.store.Indexes;
import io.engagement.platform.store.PagedFind;
import org.bson.Document;
import org.springframework.data.domain.Sort;
import org.springframework.data.mongodb.core.BulkOperations;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.index.Index;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.Date;
import java.util.List;

/** The page registry: one document per organization and canonical URL. */
@Component
public class PageStore implements StartupWork {

    static final String COLLECTION = "pages";
    private static final List<String> SEARCHED = List.of("title", "canonical_url", "display_url");

    private final ReactiveMongoTemplate mongo;

    PageStore(ReactiveMongoTemplate mongo) {
        this.mongo = mongo;
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        return Indexes.ensure(mongo, COLLECTION,
                new Index().on("organization_id", Sort.Direction.ASC).on("canonical_url", Sort.Direction.ASC).unique(),
                new Index().on("organization_id", Sort.Direction.ASC).on("page_id", Sort.Direction.ASC).unique());
    }

    /**
     * Records page views in one unordered bulk write, one upsert per view; seeing the same views
     * again changes nothing but the latest title and time.
     */
    Mono<Void> seen(List<PageView> views) {
        if (views.isEmpty()) {
            return Mono.empty();
        }
        var bulk = mongo.bulkOps(BulkOperations.BulkMode.UNORDERED, COLLECTION);
        views.forEach(view -> bulk.upsert(Query.query(Criteria.where("organization_id").is(view.organizationId())
                .and("canonical_url").is(view.url().canonical())), update(view)));
        return bulk.execute().then();
    }

    private static Update update(PageView view) {
        Update update = new Update()
                .setOnInsert("page_id", view.url().pageId(view.organizationId()))
                .setOnInsert("display_url", view.url().displayUrl())
                .setOnInsert("first_seen_at", Date.from(view.at()))
                .max("last_seen_at", Date.from(view.at()));
        if (view.title() != null) {
            update.set("title", view.title());
        }
        return update;
    }

    /** Every registry page of the organization, in display URL order. */
    public Flux<RegistryPage> all(long organizationId) {
        Query query = Query.query(filter(organizationId, null))
                .with(Sort.by(Sort.Direction.ASC, "display_url").and(Sort.by(Sort.Direction.ASC, "canonical_url")));
        return mongo.find(query, Document.class, COLLECTION).map(PageStore::pageOf);
    }

    Mono<Long> count(long organizationId, String search) {
        return mongo.count(Query.query(filter(organizationId, search)), COLLECTION);
    }

    Flux<RegistryPage> list(long organizationId, String search, int page, int limit) {
        Query query = Query.query(filter(organizationId, search))
                .with(Sort.by(Sort.Direction.ASC, "display_url").and(Sort.by(Sort.Direction.ASC, "canonical_url")))
                .skip((long) (page - 1) * limit)
                .limit(limit);
        return mongo.find(query, Document.class, COLLECTION).map(PageStore::pageOf);
    }

    private static Criteria filter(long organizationId, String search) {
        Criteria filter = Criteria.where("organization_id").is(organizationId);
        return search == null ? filter : PagedFind.literalSearch(filter, search, SEARCHED);
    }

    static RegistryPage pageOf(Document document) {
        return new RegistryPage(document.getString("page_id"), document.getString("title"),
                document.getString("canonical_url"), document.getString("display_url"));
    }
}
