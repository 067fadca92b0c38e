package io.engagement.messaging.wallet;

import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.Map;

import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * The admin API's SMS wallet of one organization. The gateway lets these requests through on the
 * admin token only, for the organization the path names (kind {@code ADMIN}).
 */
@RestController
@RequestMapping("/admin/v1/organizations/{organization_id}/wallet")
class WalletResource {

    /** At most a billion units per credit: a typo should not fund a wallet forever. */
    private static final ObjectSchema CREDIT = ObjectSchema.of(required("amount", Rules.integer().min(1).max(1_000_000_000)));

    private final Wallets wallets;
    private final JsonBodyReader bodies;

    WalletResource(Wallets wallets, JsonBodyReader bodies) {
        this.wallets = wallets;
        this.bodies = bodies;
    }

    @PostMapping
    Mono<Map<String, Long>> credit(ServerWebExchange exchange) {
        long org = administered(exchange);
        return bodies.read(exchange, CREDIT, Credit.class)
                .flatMap(credit -> wallets.credit(org, credit.amount()))
                .map(balance -> Map.of("balance", balance));
    }

    @GetMapping
    Mono<Map<String, Long>> balance(ServerWebExchange exchange) {
        return wallets.balance(administered(exchange)).map(balance -> Map.of("balance", balance));
    }

    private static long administered(ServerWebExchange exchange) {
        OrgContext context = OrgContext.of(exchange);
        if (context.keyKind() != KeyKind.ADMIN) {
            throw ApiException.forbidden("Only the admin API manages wallets");
        }
        return context.organizationId();
    }

    record Credit(long amount) {
    }
}
