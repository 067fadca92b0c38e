package io.engagement.customer.widget;

import io.engagement.platform.web.BundledScript;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;

/**
 * The chat widget's code, without a key: {@code /widget/v1/widget.js}, the loader a site installs
 * (the launcher only), and {@code /widget/v1/widget-panel.js}, which the loader fetches on the
 * first open. Both are built by the browser module.
 */
@RestController
class WidgetScriptResource {

    private final BundledScript loader = BundledScript.of("browser/widget.js");
    private final BundledScript panel = BundledScript.of("browser/widget-panel.js");

    @GetMapping("/widget/v1/widget.js")
    ResponseEntity<byte[]> loader(ServerWebExchange exchange) {
        return loader.answer(exchange);
    }

    @GetMapping("/widget/v1/widget-panel.js")
    ResponseEntity<byte[]> panel(ServerWebExchange exchange) {
        return panel.answer(exchange);
    }
}
