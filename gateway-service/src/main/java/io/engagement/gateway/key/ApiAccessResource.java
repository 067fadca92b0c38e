package io.engagement.gateway.key;

import io.engagement.gateway.signin.SignedIn;
import io.engagement.gateway.signin.SignedInPerson;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.Role;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.ParamReader;
import io.engagement.platform.validation.Rules;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * {@code /external/v1/api-keys}: the published "Settings, API Access", where an organization's
 * admins create, list and revoke its keys. A new key is shown once; a revoked key is refused from
 * the next request on, on every gateway replica.
 */
@RestController
@RequestMapping("/external/v1/api-keys")
class ApiAccessResource {

    private static final ObjectSchema NEW_KEY = ObjectSchema.of(
            required("kind", Rules.string().oneOf("data", "transactional", "public")),
            optional("name", Rules.string().stripped().minLength(1).maxLength(100))).forbiddingExtra();

    private final ApiKeys keys;
    private final AuditTrail audit;
    private final JsonBodyReader bodies;

    ApiAccessResource(ApiKeys keys, AuditTrail audit, JsonBodyReader bodies) {
        this.keys = keys;
        this.audit = audit;
        this.bodies = bodies;
    }

    @GetMapping
    Mono<Map<String, List<ApiKeyView>>> list(ServerWebExchange exchange) {
        return SignedInPerson.require(exchange, Role.ADMIN)
                .flatMap(signedIn -> keys.all(signedIn.organizationId()).map(ApiKeyView::of).collectList())
                .map(views -> Map.of("data", views));
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Mono<ApiKeyView.Created> create(ServerWebExchange exchange) {
        return SignedInPerson.require(exchange, Role.ADMIN)
                .flatMap(signedIn -> bodies.read(exchange, NEW_KEY, NewKey.class)
                        .flatMap(request -> keys.create(signedIn.organizationId(), KeyKind.fromWireName(request.kind()), request.name(),
                                signedIn.member().email()))
                        .flatMap(created -> audited(exchange, signedIn, "api_key.created", created.key()).thenReturn(ApiKeyView.Created.of(created))));
    }

    @DeleteMapping("/{key_id}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> revoke(ServerWebExchange exchange) {
        ParamReader path = ParamReader.path(exchange);
        long keyId = path.requiredInteger("key_id");
        path.validate();
        return SignedInPerson.require(exchange, Role.ADMIN)
                .flatMap(signedIn -> keys.revokeKey(signedIn.organizationId(), keyId)
                        .flatMap(key -> audited(exchange, signedIn, "api_key.revoked", key)));
    }

    /** The key by id, kind, name and prefix: never the key. */
    private Mono<Void> audited(ServerWebExchange exchange, SignedIn signedIn, String action, ApiKey key) {
        Map<String, Object> details = new HashMap<>();
        details.put("kind", key.kind().wireName());
        details.put("prefix", key.prefix());
        if (key.name() != null) {
            details.put("name", key.name());
        }
        return audit.record(signedIn.organizationId(), action, new AuditRecorded.Actor("person", signedIn.personId(), signedIn.member().email(), null),
                new AuditRecorded.Target("api_key", Long.toString(key.keyId())), exchange.getRequest(), details);
    }

    record NewKey(String kind, String name) {
    }
}
