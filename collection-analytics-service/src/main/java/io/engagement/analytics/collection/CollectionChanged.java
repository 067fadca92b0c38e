package io.engagement.analytics.collection;

import java.util.List;

/**
 * A page collection's membership as it now is: published as {@code collection.changed} after a
 * create, an update or a (re)mapping, and as {@code collection.deleted} with the last membership.
 * A page id is derived from its canonical URL ({@code CanonicalUrl#pageId}), so a reader tells an
 * explicit member from a page view's URL alone; the patterns match display URLs by prefix
 * ({@code UrlPattern#matches}).
 */
record CollectionChanged(String collectionId, String name, List<String> pageIds, List<String> urlPatterns) {

    static final String TYPE = "collection.changed";
    static final String DELETED = "collection.deleted";

    static CollectionChanged of(PageCollection collection) {
        return new CollectionChanged(collection.collectionId(), collection.name(), collection.pageIds(), collection.urlPatterns());
    }
}
