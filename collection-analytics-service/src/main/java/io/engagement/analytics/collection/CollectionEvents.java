package io.engagement.analytics.collection;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link CollectionChanged} on {@code engagement.collection.v1}, keyed {@code org:collection_id}, so
 * services that may not read this one's database (alert triggers) know which pages a collection holds.
 */
@Configuration(proxyBeanMethods = false)
class CollectionEvents {

    @Bean
    EntityOutbox<CollectionChanged> collectionOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, CollectionStore.COLLECTION, Topics.COLLECTION, document -> {
            PageCollection collection = CollectionStore.collectionOf(document);
            return new EntityOutbox.Entity<>(longOf(document, "organization_id"), collection.collectionId(),
                    CollectionChanged.of(collection));
        });
    }

    @Bean
    NewTopic collectionTopic() {
        return TopicDeclarations.of(Topics.COLLECTION);
    }
}
