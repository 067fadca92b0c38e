package io.engagement.platform.auth;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.OrganizationPolicy;
import org.springframework.web.server.ServerWebExchange;

/**
 * The organization a request acts for, taken from the gateway's internal token and never from the
 * client. Every query filters by {@link #organizationId()}.
 *
 * @param policy the organization's policy as the gateway knew it when it let the request in, so a
 *               service acts on a change from the next request on; {@code null} where the token
 *               carries none
 */
public record OrgContext(long organizationId, KeyKind keyKind, OrganizationPolicy policy) {

    static final String ATTRIBUTE = OrgContext.class.getName();

    public OrgContext(long organizationId, KeyKind keyKind) {
        this(organizationId, keyKind, null);
    }

    public OrgContext withPolicy(OrganizationPolicy carried) {
        return new OrgContext(organizationId, keyKind, carried);
    }

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
