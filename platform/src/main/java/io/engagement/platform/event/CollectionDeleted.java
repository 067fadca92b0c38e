package io.engagement.platform.event;

import java.util.List;

/** A page collection was deleted ({@link Topics#COLLECTION}, keyed {@code org:collection_id}), with its last membership. */
@EventType("collection.deleted")
public record CollectionDeleted(String collectionId, String name, List<String> pageIds, List<String> urlPatterns) implements DomainEvent {

    public CollectionDeleted {
        pageIds = pageIds == null ? List.of() : List.copyOf(pageIds);
        urlPatterns = urlPatterns == null ? List.of() : List.copyOf(urlPatterns);
    }
}
