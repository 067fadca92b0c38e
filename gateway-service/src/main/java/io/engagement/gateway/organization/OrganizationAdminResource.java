package io.engagement.gateway.organization;

import io.engagement.gateway.key.ApiKeys;
import io.engagement.gateway.key.IssuedKey;
import io.engagement.gateway.key.KeyView;
import io.engagement.gateway.person.Acting;
import io.engagement.gateway.person.Members;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.Role;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The admin API: organizations, their keys and their first admin. */
@RestController
@RequestMapping("/admin/v1/organizations")
class OrganizationAdminResource {

    private final OrganizationStore organizations;
    private final ApiKeys keys;
    private final Members members;
    private final AuditTrail audit;
    private final JsonBodyReader bodies;

    OrganizationAdminResource(OrganizationStore organizations, ApiKeys keys, Members members, AuditTrail audit, JsonBodyReader bodies) {
        this.audit = audit;
        this.organizations = organizations;
        this.keys = keys;
        this.members = members;
        this.bodies = bodies;
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Mono<CreatedOrganization> create(ServerWebExchange exchange) {
        return bodies.read(exchange, NewOrganization.SCHEMA, NewOrganization.class)
                .flatMap(request -> organizations.create(request.name())
                        .flatMap(organization -> firstAdmin(organization, request.adminEmail(), exchange).then(withFirstKeys(organization))));
    }

    @PostMapping("/{organization_id}/keys")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<IssuedKey> issueKey(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return bodies.read(exchange, NewKey.SCHEMA, NewKey.class)
                .flatMap(request -> organizations.requireExisting(organizationId).then(keys.issue(organizationId, KeyKind.fromWireName(request.kind()))))
                .flatMap(issued -> keyAudited(exchange, organizationId, "api_key.created", issued.keyId(), issued.kind(), issued.prefix())
                        .thenReturn(issued));
    }

    @GetMapping("/{organization_id}/keys")
    Mono<List<KeyView>> listKeys(ServerWebExchange exchange) {
        long organizationId = AdminPath.organizationId(exchange);
        return organizations.requireExisting(organizationId).then(keys.list(organizationId).collectList());
    }

    @DeleteMapping("/{organization_id}/keys/{key_id}")
    Mono<KeyView> revokeKey(ServerWebExchange exchange) {
        ParamReader path = ParamReader.path(exchange);
        long organizationId = path.requiredInteger("organization_id");
        long keyId = path.requiredInteger("key_id");
        path.validate();
        return organizations.requireExisting(organizationId).then(keys.revoke(organizationId, keyId))
                .flatMap(revoked -> keyAudited(exchange, organizationId, "api_key.revoked", revoked.keyId(), revoked.kind(), revoked.prefix())
                        .thenReturn(revoked));
    }

    /** The operator's act on a key, by its id, kind and prefix: never the key. */
    private Mono<Void> keyAudited(ServerWebExchange exchange, long organizationId, String action, long keyId, String kind, String prefix) {
        return audit.record(organizationId, action, Acting.operator(exchange.getRequest()).actor(),
                new AuditRecorded.Target("api_key", Long.toString(keyId)), exchange.getRequest(), Map.of("kind", kind, "prefix", prefix));
    }

    private Mono<Void> firstAdmin(Organization organization, String adminEmail, ServerWebExchange exchange) {
        return adminEmail == null ? Mono.empty()
                : members.invite(organization.organizationId(), new Members.Invitee(adminEmail, null, Role.ADMIN, Optional.empty()),
                        Acting.operator(exchange.getRequest())).then();
    }

    private Mono<CreatedOrganization> withFirstKeys(Organization organization) {
        long id = organization.organizationId();
        return Mono.zip(keys.issue(id, KeyKind.DATA), keys.issue(id, KeyKind.TRANSACTIONAL), keys.issue(id, KeyKind.PUBLIC))
                .map(issued -> new CreatedOrganization(id, organization.name(),
                        issued.getT1().key(), issued.getT2().key(), issued.getT3().key()));
    }
}
