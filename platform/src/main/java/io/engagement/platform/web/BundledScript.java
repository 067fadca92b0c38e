package io.engagement.platform.web;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.DigestUtils;
import org.springframework.web.server.ServerWebExchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

/**
 * A script the browser loads from a customer's site without a key (the SDK, the chat widget, the
 * replay recorder): read once from the jar, answered with an ETag so a revalidation costs a 304,
 * and cacheable by browsers and CDNs for an hour, so a new release reaches every site within one.
 */
public final class BundledScript {

    private static final MediaType JAVASCRIPT = MediaType.parseMediaType("application/javascript;charset=UTF-8");
    private static final CacheControl CACHE = CacheControl.maxAge(Duration.ofHours(1)).cachePublic();

    private final byte[] script;
    private final String etag;

    private BundledScript(byte[] script) {
        this.script = script;
        this.etag = "\"" + DigestUtils.md5DigestAsHex(script) + "\"";
    }

    /** The script at {@code location} on the classpath; a missing one fails the service's start, not a request. */
    public static BundledScript of(String location) {
        try {
            return new BundledScript(new ClassPathResource(location).getContentAsByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(location + " is part of this service's jar (built by the browser module)", e);
        }
    }

    public ResponseEntity<byte[]> answer(ServerWebExchange exchange) {
        if (exchange.checkNotModified(etag)) {
            return ResponseEntity.status(304).eTag(etag).cacheControl(CACHE).build();
        }
        return ResponseEntity.ok().contentType(JAVASCRIPT).eTag(etag).cacheControl(CACHE).body(script);
    }
}
