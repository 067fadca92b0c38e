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

    /**
     * The request's context when its key is a data key, else 403. The gateway already routes only
     * the kinds a path takes; this keeps an operation to data keys if a route is widened.
     */
    public static OrgContext ofDataKey(ServerWebExchange exchange) {
        OrgContext context = of(exchange);
        if (context.keyKind() != KeyKind.DATA) {
            throw ApiException.keyKindRefused(context.keyKind().wireName());
        }
        return context;
    }

    void bindTo(ServerWebExchange exchange) {
        exchange.getAttributes().put(ATTRIBUTE, this);
    }
}
