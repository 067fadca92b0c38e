package io.engagement.customer.bot;

import io.engagement.platform.net.AddressGuard;
import io.engagement.platform.net.AddressRefusedException;
import io.engagement.platform.net.GuardedAddressResolverGroup;
import io.netty.handler.codec.http.HttpHeaderNames;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import reactor.core.Exceptions;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.ByteBufFlux;
import reactor.netty.http.client.HttpClient;
import reactor.netty.http.client.HttpClientResponse;
import reactor.netty.resources.ConnectionProvider;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a website for the bot: from the start page (where its redirects end), the links within the
 * same host, breadth first, at most {@code maxPages} pages, skipping what robots.txt disallows.
 * Every connection it makes, redirects included, goes to an address the SSRF guard judged as it
 * resolved the host for that connection, so a name cannot answer one address to a check and
 * another to the fetch. Each page has {@code fetchTimeout} for its headers and again for its body,
 * and the whole crawl {@code crawlTime}: what was read by then is kept. Blocking: it runs on a
 * worker thread.
 */
final class WebsiteCrawler {

    private static final int MAX_REDIRECTS = 5;
    /** Failed, missing and non-HTML links count too, so a page of dead links cannot keep the crawler busy. */
    private static final int FETCHES_PER_PAGE = 3;
    private static final Pattern CHARSET = Pattern.compile("charset=\"?([\\w.:-]+)", Pattern.CASE_INSENSITIVE);

    private final HttpClient http;
    private final BotSettings settings;

    WebsiteCrawler(AddressGuard guard, BotSettings settings) {
        this.settings = settings;
        // a pool of its own: no connection opened without the guard is ever reused here
        this.http = HttpClient.create(ConnectionProvider.builder("bot-crawler").maxIdleTime(Duration.ofSeconds(30)).build())
                .resolver(new GuardedAddressResolverGroup(guard))
                .followRedirect(false)
                .headers(headers -> headers.set(HttpHeaderNames.USER_AGENT, RobotsRules.USER_AGENT + "/1.0"));
    }

    /** A page read: its address, title and text. */
    record Page(URI url, String title, String text) {
    }

    /** The pages of the site, the start page first; fails when the start page cannot be read, or may not be. */
    List<Page> crawl(URI start, Duration crawlTime) {
        try {
            return pagesFrom(start, Instant.now().plus(crawlTime));
        } catch (AddressRefusedException refused) {
            throw new TextExtraction.Unreadable(refused.getMessage());
        }
    }

    private List<Page> pagesFrom(URI start, Instant deadline) {
        RobotsRules robots = allowed(robotsOf(start), start);
        Fetched first = fetch(start).orElseThrow(() -> new TextExtraction.Unreadable(start + " redirects too often"));
        URI site = first.url();
        if (!sameSite(start, site)) {
            robots = allowed(robotsOf(site), site);
        }
        Document firstPage = html(first);
        Deque<URI> queue = new ArrayDeque<>();
        Set<URI> seen = new HashSet<>(List.of(withoutFragment(start), withoutFragment(site)));
        List<Page> pages = new ArrayList<>();
        follow(firstPage, site, seen, queue);
        pages.add(new Page(site, firstPage.title(), textOf(firstPage)));
        int fetches = 1;
        while (!queue.isEmpty() && pages.size() < settings.maxPages() && fetches < FETCHES_PER_PAGE * settings.maxPages()
                && Instant.now().isBefore(deadline)) {
            URI url = queue.poll();
            if (!robots.allows(pathOf(url))) {
                continue;
            }
            fetches++;
            Optional<Document> page = pageAt(url, site);
            if (page.isPresent()) {
                follow(page.get(), site, seen, queue);
                pages.add(new Page(url, page.get().title(), textOf(page.get())));
            }
        }
        return pages;
    }

    private static RobotsRules allowed(RobotsRules robots, URI start) {
        if (!robots.allows(pathOf(start))) {
            throw new TextExtraction.Unreadable("robots.txt does not allow reading " + start);
        }
        return robots;
    }

    /** The page, if it is an HTML page of the site answered 200; anything else, a refused address too, is passed over. */
    private Optional<Document> pageAt(URI url, URI site) {
        try {
            return fetch(url).filter(fetched -> sameSite(site, fetched.url())).map(this::html);
        } catch (TextExtraction.Unreadable | AddressRefusedException | IllegalArgumentException passedOver) {
            return Optional.empty();
        }
    }

    /** Queues the page's links within the site, up to a bound, since a page may link to far more than will be read. */
    private void follow(Document page, URI site, Set<URI> seen, Deque<URI> queue) {
        for (Element link : page.select("a[href]")) {
            if (seen.size() >= FETCHES_PER_PAGE * settings.maxPages()) {
                return;
            }
            linkOf(link.absUrl("href")).filter(target -> sameSite(site, target)).filter(seen::add).ifPresent(queue::add);
        }
    }

    /**
     * RFC 9309: a missing robots.txt (4xx) allows everything, an unreachable one (5xx, no answer)
     * nothing. A refused address is said as it is, not as a robots.txt that could not be read.
     */
    private RobotsRules robotsOf(URI site) {
        try {
            Optional<Fetched> robots = fetch(site.resolve("/robots.txt"));
            if (robots.isEmpty()) {
                return RobotsRules.DISALLOW_ALL;
            }
            int status = robots.get().status();
            if (status == 200) {
                return RobotsRules.parse(new String(robots.get().body(), StandardCharsets.UTF_8));
            }
            return status >= 400 && status < 500 ? RobotsRules.ALLOW_ALL : RobotsRules.DISALLOW_ALL;
        } catch (TextExtraction.Unreadable unreachable) {
            return RobotsRules.DISALLOW_ALL;
        }
    }

    private Document html(Fetched fetched) {
        if (fetched.status() != 200) {
            throw new TextExtraction.Unreadable(fetched.url() + " answered " + fetched.status());
        }
        String type = fetched.contentType().toLowerCase(Locale.ROOT);
        if (!type.isEmpty() && !type.startsWith("text/html") && !type.startsWith("application/xhtml")) {
            throw new TextExtraction.Unreadable(fetched.url() + " is not an HTML page (" + type + ")");
        }
        Matcher charset = CHARSET.matcher(fetched.contentType());
        try {
            // without a charset in the header, jsoup takes the page's own (a BOM or a meta tag), else UTF-8
            return Jsoup.parse(new ByteArrayInputStream(fetched.body()), charset.find() ? charset.group(1) : null, fetched.url().toString());
        } catch (IOException | IllegalArgumentException unreadable) {
            throw new TextExtraction.Unreadable(fetched.url() + " could not be read: " + unreadable.getMessage());
        }
    }

    /** Follows redirects by hand, each one http(s) and connected to through the guard; empty when they go round for too long. */
    private Optional<Fetched> fetch(URI url) {
        URI current = url;
        for (int hop = 0; hop <= MAX_REDIRECTS; hop++) {
            if (!isHttp(current)) {
                throw new TextExtraction.Unreadable(current + " is not an http or https address");
            }
            Fetched fetched = send(current);
            if (fetched.location() == null) {
                return Optional.of(fetched);
            }
            current = redirected(current, fetched.location());
        }
        return Optional.empty();
    }

    private static URI redirected(URI from, String location) {
        try {
            return from.resolve(new URI(location.strip()));
        } catch (URISyntaxException | IllegalArgumentException malformed) {
            throw new TextExtraction.Unreadable(from + " redirects to a malformed address");
        }
    }

    /**
     * One request: its headers within the fetch timeout, then its body, at most the page size the
     * settings allow, within the fetch timeout again; a redirect's body is not read.
     */
    private Fetched send(URI url) {
        try {
            return http.get().uri(url)
                    .response((response, body) -> answered(url, response, body))
                    .timeout(settings.fetchTimeout())
                    .last()
                    .block();
        } catch (RuntimeException failed) {
            Throwable cause = Exceptions.unwrap(failed);
            Optional<AddressRefusedException> refused = AddressRefusedException.in(cause);
            if (refused.isPresent()) {
                throw refused.get();
            }
            if (cause instanceof TimeoutException) {
                throw new TextExtraction.Unreadable(url + " did not arrive within " + settings.fetchTimeout());
            }
            if (cause instanceof InterruptedException) {
                Thread.currentThread().interrupt();
                throw new TextExtraction.Unreadable("the crawl was interrupted");
            }
            throw new TextExtraction.Unreadable(url + " could not be read: " + cause.getMessage());
        }
    }

    /** The headers as they arrive, then the whole answer, so that each has its own timeout. */
    private Flux<Fetched> answered(URI url, HttpClientResponse response, ByteBufFlux body) {
        int status = response.status().code();
        String location = response.responseHeaders().get(HttpHeaderNames.LOCATION);
        Fetched headers = new Fetched(url, status, response.responseHeaders().get(HttpHeaderNames.CONTENT_TYPE, ""),
                status >= 300 && status < 400 ? location : null, new byte[0]);
        if (headers.location() != null) {
            return Flux.just(headers);
        }
        return Flux.concat(Mono.just(headers), bounded(body).map(headers::withBody));
    }

    /** Reads no further than the page size: a page may be far larger, or never end. */
    private Mono<byte[]> bounded(ByteBufFlux body) {
        int limit = (int) settings.maxPageSize().toBytes();
        return Mono.defer(() -> {
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            return body.asByteArray()
                    .<byte[]>handle((chunk, sink) -> {
                        read.write(chunk, 0, Math.min(chunk.length, limit - read.size()));
                        if (read.size() >= limit) {
                            sink.complete();
                        }
                    })
                    .then(Mono.fromSupplier(read::toByteArray));
        });
    }

    /** The readable text of a page, a paragraph per block, without scripts, styles and navigation. */
    private static String textOf(Document html) {
        html.select("script, style, noscript, nav, header, footer, template, svg").remove();
        StringBuilder text = new StringBuilder();
        if (!html.title().isBlank()) {
            text.append(html.title()).append("\n\n");
        }
        for (Element block : html.body().select("h1, h2, h3, h4, h5, h6, p, li, td, th, pre, blockquote, dt, dd")) {
            // a block holding other blocks is read through them
            if (block.select("p, li, td, th, pre, blockquote").size() > (block.is("p, li, td, th, pre, blockquote") ? 1 : 0)) {
                continue;
            }
            String line = block.text().strip();
            if (!line.isEmpty()) {
                text.append(line).append("\n\n");
            }
        }
        if (text.toString().strip().equals(html.title().strip())) {
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
            return isHttp(uri) ? Optional.of(uri) : Optional.empty();
        } catch (URISyntaxException malformed) {
            return Optional.empty();
        }
    }

    private static boolean isHttp(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        return (scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null;
    }

    private static boolean sameSite(URI site, URI target) {
        return site.getHost() != null && site.getHost().equalsIgnoreCase(target.getHost()) && site.getPort() == target.getPort();
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

    /** An answer; {@code location} only for a redirect, whose body is not read. */
    private record Fetched(URI url, int status, String contentType, String location, byte[] body) {

        Fetched withBody(byte[] read) {
            return new Fetched(url, status, contentType, location, read);
        }
    }
}
