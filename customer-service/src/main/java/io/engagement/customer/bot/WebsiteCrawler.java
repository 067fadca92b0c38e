package io.engagement.customer.bot;

import io.engagement.platform.net.AddressGuard;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Reads a website for the bot: from the start page, the links within the same host, breadth
 * first, at most {@code maxPages} pages, skipping what robots.txt disallows. Every address it
 * fetches, redirects included, passes the SSRF guard first. Blocking: it runs on a worker thread.
 */
final class WebsiteCrawler {

    private static final int MAX_REDIRECTS = 5;

    private final HttpClient http;
    private final AddressGuard guard;
    private final BotSettings settings;

    WebsiteCrawler(AddressGuard guard, BotSettings settings) {
        this.guard = guard;
        this.settings = settings;
        this.http = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(settings.fetchTimeout()).build();
    }

    /** A page read: its address, title and text. */
    record Page(URI url, String title, String text) {
    }

    /** The pages of the site, the start page first; fails when the start page cannot be read. */
    List<Page> crawl(URI start) {
        RobotsRules robots = robotsOf(start);
        Deque<URI> queue = new ArrayDeque<>(List.of(withoutFragment(start)));
        Set<URI> seen = new HashSet<>(queue);
        List<Page> pages = new ArrayList<>();
        boolean first = true;
        while (!queue.isEmpty() && pages.size() < settings.maxPages()) {
            URI url = queue.poll();
            if (!robots.allows(pathOf(url))) {
                if (first) {
                    throw new TextExtraction.Unreadable("robots.txt does not allow reading " + url);
                }
                continue;
            }
            Optional<Document> document = fetch(url, first);
            first = false;
            if (document.isEmpty()) {
                continue;
            }
            Document html = document.get();
            // links first: navigation is left out of the text, not out of the crawl
            for (Element link : html.select("a[href]")) {
                linkOf(link.absUrl("href")).filter(target -> sameSite(start, target)).filter(seen::add).ifPresent(queue::add);
            }
            pages.add(new Page(url, html.title(), textOf(html)));
        }
        return pages;
    }

    private RobotsRules robotsOf(URI start) {
        try {
            Optional<Fetched> robots = get(start.resolve("/robots.txt"));
            return robots.filter(fetched -> fetched.status() == 200)
                    .map(fetched -> RobotsRules.parse(new String(fetched.body(), StandardCharsets.UTF_8)))
                    .orElse(RobotsRules.ALLOW_ALL);
        } catch (RuntimeException unreachable) {
            return RobotsRules.ALLOW_ALL;
        }
    }

    /** The page as HTML; empty for a page that is not HTML or not there, an error for the start page. */
    private Optional<Document> fetch(URI url, boolean start) {
        try {
            Optional<Fetched> fetched = get(url);
            if (fetched.isEmpty() || fetched.get().status() != 200) {
                throw new TextExtraction.Unreadable(url + " answered " + fetched.map(f -> Integer.toString(f.status())).orElse("nothing"));
            }
            String type = fetched.get().contentType().toLowerCase(Locale.ROOT);
            if (!type.isEmpty() && !type.startsWith("text/html") && !type.startsWith("application/xhtml")) {
                throw new TextExtraction.Unreadable(url + " is not an HTML page (" + type + ")");
            }
            return Optional.of(Jsoup.parse(new String(fetched.get().body(), StandardCharsets.UTF_8), fetched.get().url().toString()));
        } catch (TextExtraction.Unreadable failure) {
            if (start) {
                throw failure;
            }
            return Optional.empty();
        }
    }

    /** Follows redirects by hand so each address is guarded; empty when they go round for too long. */
    private Optional<Fetched> get(URI url) {
        URI current = url;
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            Optional<String> refused = guard.refusalNow(current);
            if (refused.isPresent()) {
                throw new TextExtraction.Unreadable(refused.get());
            }
            HttpResponse<InputStream> response = send(current);
            int status = response.statusCode();
            Optional<String> location = response.headers().firstValue("location");
            if (status >= 300 && status < 400 && location.isPresent()) {
                close(response);
                current = current.resolve(location.get());
                continue;
            }
            String type = response.headers().firstValue("content-type").orElse("");
            return Optional.of(new Fetched(current, status, type, body(response)));
        }
        return Optional.empty();
    }

    private HttpResponse<InputStream> send(URI url) {
        HttpRequest request = HttpRequest.newBuilder(url).timeout(settings.fetchTimeout())
                .header("User-Agent", RobotsRules.USER_AGENT + "/1.0").GET().build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofInputStream());
        } catch (IOException failed) {
            throw new TextExtraction.Unreadable(url + " could not be read: " + failed.getMessage());
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            throw new TextExtraction.Unreadable("the crawl was interrupted");
        }
    }

    /** At most the page size the settings allow; a longer page is read that far. */
    private byte[] body(HttpResponse<InputStream> response) {
        try (InputStream in = response.body()) {
            return in.readNBytes((int) settings.maxPageSize().toBytes());
        } catch (IOException failed) {
            throw new TextExtraction.Unreadable(response.uri() + " could not be read: " + failed.getMessage());
        }
    }

    private static void close(HttpResponse<InputStream> response) {
        try {
            response.body().close();
        } catch (IOException ignored) {
            // the redirect's body is not needed
        }
    }

    /** The readable text of a page, a paragraph per block, without scripts, styles and navigation. */
    private static String textOf(Document html) {
        html.select("script, style, noscript, nav, header, footer, template, svg").remove();
        StringBuilder text = new StringBuilder();
        if (!html.title().isBlank()) {
            text.append(html.title()).append("\n\n");
        }
        for (Element block : html.body().select("h1, h2, h3, h4, h5, h6, p, li, td, th, pre, blockquote, dt, dd")) {
            if (block.select("p, li, td, th, pre, blockquote").size() > (block.is("p, li, td, th, pre, blockquote") ? 1 : 0)) {
                continue;
            }
            String line = block.text().strip();
            if (!line.isEmpty()) {
                text.append(line).append("\n\n");
            }
        }
        if (text.length() == 0 || text.toString().strip().equals(html.title().strip())) {
            text.append(html.body().text());
        }
        return text.toString();
    }

    private static Optional<URI> linkOf(String href) {
        if (href.isEmpty()) {
            return Optional.empty();
        }
        try {
            URI uri = withoutFragment(new URI(href));
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            return scheme.equals("http") || scheme.equals("https") ? Optional.of(uri) : Optional.empty();
        } catch (URISyntaxException malformed) {
            return Optional.empty();
        }
    }

    private static boolean sameSite(URI start, URI target) {
        return start.getHost() != null && start.getHost().equalsIgnoreCase(target.getHost()) && start.getPort() == target.getPort();
    }

    private static URI withoutFragment(URI uri) {
        try {
            return new URI(uri.getScheme(), uri.getAuthority(), uri.getPath() == null || uri.getPath().isEmpty() ? "/" : uri.getPath(),
                    uri.getQuery(), null);
        } catch (URISyntaxException malformed) {
            return uri;
        }
    }

    private static String pathOf(URI url) {
        String path = url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath();
        return url.getRawQuery() == null ? path : path + "?" + url.getRawQuery();
    }

    private record Fetched(URI url, int status, String contentType, byte[] body) {
    }
}
