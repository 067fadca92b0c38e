package io.engagement.messaging.template;

import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

import java.time.Clock;
import java.time.Instant;
import java.util.List;

/** Email templates of the caller's organization. */
@RestController
@RequestMapping("/external/v1/transactional-email/templates")
class TemplateResource {

    private final TemplateStore store;
    private final JsonBodyReader bodies;
    private final Clock clock = Clock.systemUTC();

    TemplateResource(TemplateStore store, JsonBodyReader bodies) {
        this.store = store;
        this.bodies = bodies;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Mono<EmailTemplate> create(ServerWebExchange exchange) {
        long org = OrgContext.of(exchange).organizationId();
        return accepted(exchange, TemplateRequests.CREATE)
                .map(body -> {
                    Instant now = clock.instant();
                    return template(TemplateRequests.text(body, "uid"), body, now, now);
                })
                .flatMap(template -> store.insert(org, template)
                        .switchIfEmpty(Mono.error(() -> ApiException.conflict("A template with uid '" + template.uid() + "' already exists"))));
    }

    @GetMapping
    Mono<List<EmailTemplate>> list(ServerWebExchange exchange) {
        return store.all(OrgContext.of(exchange).organizationId()).collectList();
    }

    @GetMapping("/{uid}")
    Mono<EmailTemplate> get(@PathVariable String uid, ServerWebExchange exchange) {
        return existing(OrgContext.of(exchange).organizationId(), uid);
    }

    @PutMapping("/{uid}")
    Mono<EmailTemplate> update(@PathVariable String uid, ServerWebExchange exchange) {
        long org = OrgContext.of(exchange).organizationId();
        return existing(org, uid)
                .flatMap(current -> accepted(exchange, TemplateRequests.UPDATE)
                        .map(body -> template(uid, body, current.createdAt(), clock.instant())))
                .flatMap(template -> store.replace(org, template))
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Template")));
    }

    @DeleteMapping("/{uid}")
    @ResponseStatus(HttpStatus.NO_CONTENT)
    Mono<Void> delete(@PathVariable String uid, ServerWebExchange exchange) {
        return store.delete(OrgContext.of(exchange).organizationId(), uid)
                .flatMap(deleted -> deleted ? Mono.<Void>empty() : Mono.error(ApiException.notFound("Template")));
    }

    private Mono<EmailTemplate> existing(long org, String uid) {
        return store.find(org, uid).switchIfEmpty(Mono.error(() -> ApiException.notFound("Template")));
    }

    private Mono<JsonNode> accepted(ServerWebExchange exchange, ObjectSchema schema) {
        return bodies.readTree(exchange).map(tree -> bodies.validate(tree, schema));
    }

    private static EmailTemplate template(String uid, JsonNode body, Instant createdAt, Instant updatedAt) {
        return new EmailTemplate(uid, TemplateRequests.text(body, "name"), TemplateRequests.text(body, "subject"),
                TemplateRequests.text(body, "html"), TemplateRequests.text(body, "text"), createdAt, updatedAt);
    }
}
