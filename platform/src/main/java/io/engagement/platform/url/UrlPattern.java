package io.engagement.platform.url;

/**
 * A page collection's URL pattern: a path prefix matched against a page's display URL (its
 * {@link CanonicalUrl#displayUrl()}); a pattern given without a leading {@code /} gets one. One rule
 * for analytics' membership and for the alert triggers that follow it, so the two never disagree.
 */
public final class UrlPattern {

    private UrlPattern() {
    }

    public static String normalize(String pattern) {
        return pattern.startsWith("/") ? pattern : "/" + pattern;
    }

    /** Whether the display URL starts with the pattern, as stored (normalized). */
    public static boolean matches(String pattern, String displayUrl) {
        return displayUrl.startsWith(pattern);
    }
}
