package io.engagement.gateway.limit;

import io.engagement.gateway.key.AuthenticatedKey;
import io.engagement.platform.auth.KeyKind;
import io.engagement.platform.error.ApiException;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import org.springframework.cloud.gateway.filter.GatewayFilterChain;
import org.springframework.cloud.gateway.filter.GlobalFilter;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.EnumMap;
import java.util.Map;

/**
 * Spends one token of the key's budget and one of its organization's on every request let in
 * with a key, and reports the tighter of the two in {@code RateLimit-Limit}, {@code -Remaining}
 * and {@code -Reset}. Over either budget: 429 with {@code Retry-After}. Requests without a key
 * (the SDK's script, health, the admin API) are not limited.
 */
@Component
class RateLimitFilter implements GlobalFilter, Ordered {

    static final String LIMIT = "RateLimit-Limit";
    static final String REMAINING = "RateLimit-Remaining";
    static final String RESET = "RateLimit-Reset";
    static final String METRIC = "engagement.gateway.rate_limited";

    private final RateLimiter limiter;
    private final OrganizationBudgets budgets;
    private final boolean enabled;
    private final Map<KeyKind, Counter> refused = new EnumMap<>(KeyKind.class);

    RateLimitFilter(RateLimiter limiter, OrganizationBudgets budgets, LimitProperties properties, MeterRegistry meters) {
        this.limiter = limiter;
        this.budgets = budgets;
        this.enabled = properties.enabled();
        for (KeyKind kind : Budgets.LIMITED_KINDS) {
            refused.put(kind, Counter.builder(METRIC).description("Requests refused with 429 for their key's or organization's budget")
                    .tag("kind", kind.wireName()).register(meters));
        }
    }

    /** Right after the key is authenticated, so a refused request reaches no service. */
    @Override
    public int getOrder() {
        return Ordered.HIGHEST_PRECEDENCE + 2;
    }

    @Override
    public Mono<Void> filter(ServerWebExchange exchange, GatewayFilterChain chain) {
        AuthenticatedKey key = exchange.getAttribute(AuthenticatedKey.ATTRIBUTE);
        if (!enabled || key == null) {
            return chain.filter(exchange);
        }
        return decide(key).flatMap(decision -> {
            if (!decision.allowed()) {
                refused.get(key.context().keyKind()).increment();
                return Mono.error(tooManyRequests(decision));
            }
            exchange.getResponse().getHeaders().addAll(headers(decision));
            return chain.filter(exchange);
        });
    }

    /** The key's bucket first: a key over its own budget does not spend its organization's. */
    private Mono<Decision> decide(AuthenticatedKey key) {
        long organizationId = key.context().organizationId();
        return budgets.of(organizationId).flatMap(budget -> limiter.take("key:" + key.keyId(), budget.forKey(key.context().keyKind()))
                .flatMap(byKey -> !byKey.allowed() ? Mono.just(byKey)
                        : limiter.take("organization:" + organizationId, budget.organization()).map(byOrganization -> tighter(byKey, byOrganization))));
    }

    private static Decision tighter(Decision byKey, Decision byOrganization) {
        if (!byOrganization.allowed()) {
            return byOrganization;
        }
        return byOrganization.remaining() < byKey.remaining() ? byOrganization : byKey;
    }

    private static ApiException tooManyRequests(Decision decision) {
        HttpHeaders headers = headers(decision);
        headers.set(HttpHeaders.RETRY_AFTER, Long.toString(decision.retryAfterSeconds()));
        return new ApiException(HttpStatus.TOO_MANY_REQUESTS, "Rate limit exceeded; retry after " + decision.retryAfterSeconds() + " s", headers);
    }

    private static HttpHeaders headers(Decision decision) {
        HttpHeaders headers = new HttpHeaders();
        headers.set(LIMIT, Long.toString(decision.limit()));
        headers.set(REMAINING, Long.toString(decision.remaining()));
        headers.set(RESET, Long.toString(decision.resetSeconds()));
        return headers;
    }
}
