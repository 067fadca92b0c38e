package io.engagement.platform.auth;

import io.engagement.platform.error.ApiException;
import org.springframework.web.server.ServerWebExchange;

/**
 * The organization a request acts for, taken from the gateway's internal token and never from the
 * client. Every query filters by {@link #organizationId()}.
 */
public record OrgContext(long organizationId, KeyKind keyKind) {

    static final String ATTRIBUTE = OrgContext.class.getName();

    public static OrgContext of(ServerWebExchange exchange) {
        OrgContext context = exchange.getAttribute(ATTRIBUTE);
        if (context == null) {
            throw ApiException.unauthorized("Not authenticated");
        }
        return context;
    }

    void bindTo(ServerWebExchange exchange) {
        exchange.getAttributes().put(ATTRIBUTE, this);
    }
}
