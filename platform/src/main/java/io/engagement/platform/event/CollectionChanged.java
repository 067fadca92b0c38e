package io.engagement.platform.event;

import java.util.List;

/**
 * A page collection's membership as it now is, after a create, an update or a (re)mapping
 * ({@link Topics#COLLECTION}, keyed {@code org:collection_id}). A page id is derived from its
 * canonical URL, so a reader tells an explicit member from a page view's URL alone; the patterns
 * match display URLs by prefix.
 */
@EventType("collection.changed")
public record CollectionChanged(String collectionId, String name, List<String> pageIds, List<String> urlPatterns) implements DomainEvent {

    public CollectionChanged {
        pageIds = pageIds == null ? List.of() : List.copyOf(pageIds);
        urlPatterns = urlPatterns == null ? List.of() : List.copyOf(urlPatterns);
    }
}
