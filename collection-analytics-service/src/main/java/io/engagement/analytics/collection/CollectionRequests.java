package io.engagement.analytics.collection;

import io.engagement.platform.url.UrlPattern;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.util.List;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** The request bodies of the page-collection operations and their limits. */
final class CollectionRequests {

    static final int MAX_PAGE_IDS = 1000;
    static final int MAX_URL_PATTERNS = 100;
    static final int MAX_PATTERN_LENGTH = 2048;

    private static final ObjectSchema.Field DESCRIPTION = optional("description", Rules.string().maxLength(2000));
    private static final ObjectSchema.Field PAGE_IDS = optional("page_ids", Rules.list(Rules.string().maxLength(200)).maxItems(MAX_PAGE_IDS));
    private static final ObjectSchema.Field URL_PATTERNS =
            optional("url_patterns", Rules.list(Rules.string().maxLength(MAX_PATTERN_LENGTH)).maxItems(MAX_URL_PATTERNS));

    static final ObjectSchema CREATE = ObjectSchema.of(
            required("name", Rules.string().stripped().minLength(1).maxLength(200)), DESCRIPTION, PAGE_IDS, URL_PATTERNS);
    static final ObjectSchema UPDATE = ObjectSchema.of(optional("name", Rules.string().stripped().minLength(1).maxLength(200)), DESCRIPTION);
    static final ObjectSchema MAPPINGS = ObjectSchema.of(PAGE_IDS, URL_PATTERNS);

    private CollectionRequests() {
    }

    record NewCollection(String name, String description, List<String> pageIds, List<String> urlPatterns) {
    }

    record CollectionChange(String name, String description) {
    }

    record Mappings(List<String> pageIds, List<String> urlPatterns) {

        List<String> pageIdsOrNone() {
            return pageIds == null ? List.of() : pageIds;
        }

        List<String> urlPatternsOrNone() {
            return urlPatterns == null ? List.of() : urlPatterns.stream().map(UrlPattern::normalize).distinct().toList();
        }
    }
}
