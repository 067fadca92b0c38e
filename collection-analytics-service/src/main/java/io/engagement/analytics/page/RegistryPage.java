package io.engagement.analytics.page;

/** A page of the organization's product, known from its page views. */
public record RegistryPage(String pageId, String title, String canonicalUrl, String displayUrl) {
}
