package io.engagement.analytics.collection;

import io.engagement.platform.event.CollectionChanged;
import io.engagement.platform.event.CollectionDeleted;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.store.ExpiringCollection;
import org.bson.Document;
import org.springframework.context.annotation.Bean;
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

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Date;
import java.util.List;

/**
 * Page collections, one document each. Every change is one single-document update, so concurrent
 * mappings never lose each other ({@code $addToSet}/{@code $pull}, not read-modify-write). The same
 * update marks the document with its {@link CollectionChanged} event ({@link CollectionDeleted} for a
 * deletion), published through the outbox once written; a deletion therefore leaves the document
 * behind, marked {@code deleted_at}, so its event survives a crash, and every read skips it. The
 * document expires a week later, long after the outbox (retried in the background and swept every
 * few minutes) has published its event.
 */
@Component
class CollectionStore implements StartupWork {

    static final String COLLECTION = "page_collections";
    private static final String DELETED_AT = "deleted_at";
    private static final Duration DELETED_KEPT_FOR = Duration.ofDays(7);

    private final ReactiveMongoTemplate mongo;
    private final EntityOutbox<DomainEvent> events;

    CollectionStore(ReactiveMongoTemplate mongo, EntityOutbox<DomainEvent> events) {
        this.mongo = mongo;
        this.events = events;
    }

    @Bean
    static ExpiringCollection deletedCollections() {
        return new ExpiringCollection(COLLECTION);
    }

    /** Its indexes, created at start-up. */
    @Override
    public Mono<Void> prepare() {
        return mongo.indexOps(COLLECTION)
                .createIndex(new Index().on("organization_id", Sort.Direction.ASC).on("collection_id", Sort.Direction.ASC).unique())
                .then();
    }

    Mono<PageCollection> insert(long organizationId, PageCollection collection) {
        Document document = new Document("organization_id", organizationId)
                .append("collection_id", collection.collectionId())
                .append("name", collection.name())
                .append("description", collection.description())
                .append("page_ids", collection.pageIds())
                .append("url_patterns", collection.urlPatterns())
                .append("created_at", Date.from(collection.createdAt()))
                .append("updated_at", Date.from(collection.updatedAt()))
                .append(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(CollectionEvents.CHANGED));
        return mongo.insert(document, COLLECTION).doOnNext(this::published).thenReturn(collection);
    }

    Mono<PageCollection> find(long organizationId, String collectionId) {
        return mongo.findOne(byId(organizationId, collectionId), Document.class, COLLECTION).map(CollectionStore::collectionOf);
    }

    Flux<PageCollection> list(long organizationId) {
        Query query = Query.query(Criteria.where("organization_id").is(organizationId).and(DELETED_AT).exists(false))
                .with(Sort.by(Sort.Direction.ASC, "created_at").and(Sort.by(Sort.Direction.ASC, "collection_id")));
        return mongo.find(query, Document.class, COLLECTION).map(CollectionStore::collectionOf);
    }

    Mono<PageCollection> rename(long organizationId, String collectionId, String name, String description) {
        Update update = touched();
        if (name != null) {
            update.set("name", name);
        }
        if (description != null) {
            update.set("description", description);
        }
        return modify(organizationId, collectionId, update);
    }

    Mono<PageCollection> map(long organizationId, String collectionId, List<String> pageIds, List<String> urlPatterns) {
        Update update = touched();
        if (!pageIds.isEmpty()) {
            update.addToSet("page_ids").each(pageIds.toArray());
        }
        if (!urlPatterns.isEmpty()) {
            update.addToSet("url_patterns").each(urlPatterns.toArray());
        }
        return modify(organizationId, collectionId, update);
    }

    Mono<PageCollection> unmapPage(long organizationId, String collectionId, String pageId) {
        return modify(organizationId, collectionId, touched().pull("page_ids", pageId));
    }

    Mono<PageCollection> unmapPattern(long organizationId, String collectionId, String urlPattern) {
        return modify(organizationId, collectionId, touched().pull("url_patterns", urlPattern));
    }

    Mono<Boolean> delete(long organizationId, String collectionId) {
        Instant now = Instant.now();
        Update deleted = new Update().set(DELETED_AT, Date.from(now))
                .set(ExpiringCollection.EXPIRES_AT, Date.from(now.plus(DELETED_KEPT_FOR)))
                .set(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(CollectionEvents.DELETED));
        return mongo.findAndModify(byId(organizationId, collectionId), deleted, FindAndModifyOptions.options().returnNew(true),
                        Document.class, COLLECTION)
                .doOnNext(this::published)
                .hasElement();
    }

    private Mono<PageCollection> modify(long organizationId, String collectionId, Update update) {
        return mongo.findAndModify(byId(organizationId, collectionId),
                        update.set(DocumentOutbox.PENDING, DocumentOutbox.pendingMark(CollectionEvents.CHANGED)),
                        FindAndModifyOptions.options().returnNew(true), Document.class, COLLECTION)
                .doOnNext(this::published)
                .map(CollectionStore::collectionOf);
    }

    private void published(Document written) {
        events.publish(List.of(written));
    }

    private static Update touched() {
        return new Update().set("updated_at", new Date());
    }

    private static Query byId(long organizationId, String collectionId) {
        return Query.query(Criteria.where("organization_id").is(organizationId).and("collection_id").is(collectionId)
                .and(DELETED_AT).exists(false));
    }

    static PageCollection collectionOf(Document document) {
        return new PageCollection(document.getString("collection_id"), document.getString("name"), document.getString("description"),
                document.getList("page_ids", String.class, List.of()), document.getList("url_patterns", String.class, List.of()),
                document.getDate("created_at").toInstant(), document.getDate("updated_at").toInstant());
    }

    static PageCollection newCollection(String collectionId, String name, String description, List<String> pageIds, List<String> urlPatterns) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        return new PageCollection(collectionId, name, description == null ? "" : description, pageIds, urlPatterns, now, now);
    }
}
