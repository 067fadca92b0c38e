package io.engagement.analytics.sdk;

import org.springframework.core.io.ClassPathResource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.util.DigestUtils;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;

/** {@code GET /sdk/engagement.js}: the browser SDK, without a key, cacheable by browsers and CDNs. */
@RestController
class SdkResource {

    private static final MediaType JAVASCRIPT = MediaType.parseMediaType("application/javascript;charset=UTF-8");

    private final byte[] script;
    private final String etag;

    SdkResource() {
        try {
            this.script = new ClassPathResource("sdk/engagement.js").getContentAsByteArray();
        } catch (IOException e) {
            throw new UncheckedIOException("the SDK is part of this service's jar", e);
        }
        this.etag = "\"" + DigestUtils.md5DigestAsHex(script) + "\"";
    }

    @GetMapping("/sdk/engagement.js")
    ResponseEntity<byte[]> script(ServerWebExchange exchange) {
        if (exchange.checkNotModified(etag)) {
            return ResponseEntity.status(304).eTag(etag).build();
        }
        return ResponseEntity.ok()
                .contentType(JAVASCRIPT)
                .eTag(etag)
                .cacheControl(CacheControl.maxAge(Duration.ofHours(1)).cachePublic())
                .body(script);
    }
}
