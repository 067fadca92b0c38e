package io.engagement.analytics.page;

import io.engagement.platform.url.CanonicalUrl;

import java.time.Instant;

/** A page view as the registry records it: the page, its title (null when the view had none) and when. */
record PageView(long organizationId, CanonicalUrl url, String title, Instant at) {
}
