package io.engagement.platform.url;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;

/**
 * A page's identity: the URL without query and fragment, with a lower-case scheme and host, no
 * default port and no trailing slash except for the root. Its path is the page's display URL.
 * Shared, so that a service other than analytics (alert triggers) derives a page view's registry
 * page id exactly as the registry does.
 */
public record CanonicalUrl(String canonical, String displayUrl) {

    // telemetry names the same pages over and over, and several consumers read each event's URL:
    // parsing it (java.net.URI throws and catches inside for a host that begins with a digit) was a
    // measurable share of every consumer's time; each entry weighed by about the bytes it holds (the
    // URL and its canonical form, and the entry itself), so that the cache stays within 8 MB
    private static final Cache<String, Optional<CanonicalUrl>> READ = Caffeine.newBuilder()
            .maximumWeight(8L * 1024 * 1024).weigher((String url, Optional<CanonicalUrl> read) -> 160 + 4 * url.length()).build();

    public static Optional<CanonicalUrl> of(String url) {
        return READ.get(url, CanonicalUrl::parse);
    }

    private static Optional<CanonicalUrl> parse(String url) {
        try {
            URI uri = new URI(url.strip());
            if (uri.getScheme() == null || uri.getHost() == null) {
                return Optional.empty();
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            String host = uri.getHost().toLowerCase(Locale.ROOT);
            String port = uri.getPort() < 0 || isDefaultPort(scheme, uri.getPort()) ? "" : ":" + uri.getPort();
            String path = withoutTrailingSlash(uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath());
            return Optional.of(new CanonicalUrl(scheme + "://" + host + port + path, path));
        } catch (URISyntaxException notAUrl) {
            return Optional.empty();
        }
    }

    /** The same page always gets the same id within an organization, whoever sees it first. */
    public String pageId(long organizationId) {
        return UUID.nameUUIDFromBytes((organizationId + " " + canonical).getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static String withoutTrailingSlash(String path) {
        String trimmed = path;
        while (trimmed.length() > 1 && trimmed.endsWith("/")) {
            trimmed = trimmed.substring(0, trimmed.length() - 1);
        }
        return trimmed;
    }

    private static boolean isDefaultPort(String scheme, int port) {
        return scheme.equals("http") && port == 80 || scheme.equals("https") && port == 443;
    }
}
