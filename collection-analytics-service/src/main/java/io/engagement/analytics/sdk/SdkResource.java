package io.engagement.analytics.sdk;

import io.engagement.platform.web.BundledScript;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;

/**
 * The browser SDK ({@code GET /sdk/engagement.js}) and the session replay recorder it loads when
 * replay is on ({@code GET /sdk/engagement-replay.js}, built by the browser module), without a key.
 */
@RestController
class SdkResource {

    private final BundledScript sdk = BundledScript.of("sdk/engagement.js");
    private final BundledScript recorder = BundledScript.of("browser/engagement-replay.js");

    @GetMapping("/sdk/engagement.js")
    ResponseEntity<byte[]> sdk(ServerWebExchange exchange) {
        return sdk.answer(exchange);
    }

    @GetMapping("/sdk/engagement-replay.js")
    ResponseEntity<byte[]> recorder(ServerWebExchange exchange) {
        return recorder.answer(exchange);
    }
}
