package io.engagement.analytics.collection;

/** A path prefix matched against a page's display URL; a pattern given without a leading {@code /} gets one. */
final class UrlPattern {

    private UrlPattern() {
    }

    static String normalize(String pattern) {
        return pattern.startsWith("/") ? pattern : "/" + pattern;
    }

    static boolean matches(String pattern, String displayUrl) {
        return displayUrl.startsWith(pattern);
    }
}
