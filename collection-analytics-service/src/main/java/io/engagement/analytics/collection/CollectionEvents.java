package io.engagement.analytics.collection;

import io.engagement.platform.event.CollectionChanged;
import io.engagement.platform.event.CollectionDeleted;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.bson.Document;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link CollectionChanged}, or {@link CollectionDeleted} with the last membership, on
 * {@code engagement.collection.v1}, keyed {@code org:collection_id}, so services that may not read
 * this one's database (alert triggers) know which pages a collection holds.
 */
@Configuration(proxyBeanMethods = false)
class CollectionEvents {

    static final String CHANGED = DomainEvent.typeOf(CollectionChanged.class);
    static final String DELETED = DomainEvent.typeOf(CollectionDeleted.class);

    @Bean
    EntityOutbox<DomainEvent> collectionOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, CollectionStore.COLLECTION, Topics.COLLECTION, document -> {
            PageCollection collection = CollectionStore.collectionOf(document);
            return new EntityOutbox.Entity<>(longOf(document, "organization_id"), collection.collectionId(), eventOf(document, collection));
        });
    }

    @Bean
    NewTopic collectionTopic() {
        return TopicDeclarations.of(Topics.COLLECTION);
    }

    /** The event the document's mark names: the one outbox publishes both a collection's changes and its deletion. */
    static DomainEvent eventOf(Document document, PageCollection collection) {
        String type = document.get(DocumentOutbox.PENDING, Document.class).getString("type");
        return DELETED.equals(type)
                ? new CollectionDeleted(collection.collectionId(), collection.name(), collection.pageIds(), collection.urlPatterns())
                : new CollectionChanged(collection.collectionId(), collection.name(), collection.pageIds(), collection.urlPatterns());
    }
}
