package io.engagement.messaging.whatsapp;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.validation.JsonBodyReader;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * {@code /external/v1/settings/whatsapp}: the connection's state; {@code PUT {"phone_number"}}
 * connects a number (a connected one is replaced), {@code DELETE} disconnects.
 */
@RestController
@RequestMapping("/external/v1/settings/whatsapp")
class WhatsAppSettingsResource {

    private final OrganizationSettings<WhatsAppConnection> connections;
    private final JsonBodyReader bodies;

    WhatsAppSettingsResource(OrganizationSettings<WhatsAppConnection> connections, JsonBodyReader bodies) {
        this.connections = connections;
        this.bodies = bodies;
    }

    @GetMapping
    Mono<WhatsAppConnection> get(ServerWebExchange exchange) {
        return connections.read(OrgContext.of(exchange).organizationId());
    }

    @PutMapping
    Mono<WhatsAppConnection> connect(ServerWebExchange exchange) {
        long organizationId = OrgContext.of(exchange).organizationId();
        return bodies.read(exchange, WhatsAppConnection.CONNECT, Connect.class)
                .map(connect -> WhatsAppConnection.connected(connect.phoneNumber(), Instant.now().truncatedTo(ChronoUnit.MILLIS)))
                .flatMap(connection -> connections.replace(organizationId, connection, exchange));
    }

    @DeleteMapping
    Mono<WhatsAppConnection> disconnect(ServerWebExchange exchange) {
        return connections.replace(OrgContext.of(exchange).organizationId(), WhatsAppConnection.DISCONNECTED, exchange);
    }

    record Connect(String phoneNumber) {
    }
}
