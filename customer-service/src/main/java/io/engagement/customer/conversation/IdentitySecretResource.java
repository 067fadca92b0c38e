package io.engagement.customer.conversation;

import io.engagement.platform.auth.OrgContext;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code POST /external/v1/settings/widget/identity-secret}: a new secret to sign visitors' identities
 * with, shown this once; calling again rotates it, and hashes signed with the old one fail from then on.
 */
@RestController
class IdentitySecretResource {

    private final IdentitySecrets secrets;

    IdentitySecretResource(IdentitySecrets secrets) {
        this.secrets = secrets;
    }

    @PostMapping("/external/v1/settings/widget/identity-secret")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<Issued> rotate(ServerWebExchange exchange) {
        return secrets.rotate(OrgContext.ofDataKey(exchange).organizationId()).map(Issued::new);
    }

    record Issued(String identitySecret) {
    }
}
