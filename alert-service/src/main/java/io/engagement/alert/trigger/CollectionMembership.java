package io.engagement.alert.trigger;

import io.engagement.platform.url.CanonicalUrl;
import io.engagement.platform.url.UrlPattern;

import java.util.List;

/**
 * Which pages one page collection holds, as collection analytics publishes it on
 * {@code engagement.collection.v1}: explicit page ids and URL prefix patterns. A page view belongs to
 * it by the same rule analytics uses: the registry's page id is derived from the canonical URL (so
 * the view's own URL gives it), and a pattern is a prefix of the display URL.
 */
record CollectionMembership(String collectionId, List<String> pageIds, List<String> urlPatterns) {

    CollectionMembership {
        pageIds = pageIds == null ? List.of() : List.copyOf(pageIds);
        urlPatterns = urlPatterns == null ? List.of() : urlPatterns.stream().map(UrlPattern::normalize).toList();
    }

    /** Whether a page view of this URL (as the telemetry has it) is a view of one of the collection's pages. */
    boolean holds(long organizationId, String url) {
        if (url == null) {
            return false;
        }
        return CanonicalUrl.of(url)
                .map(page -> pageIds.contains(page.pageId(organizationId))
                        || urlPatterns.stream().anyMatch(pattern -> UrlPattern.matches(pattern, page.displayUrl())))
                .orElse(false);
    }
}
