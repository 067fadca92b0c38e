package io.engagement.platform.auth;

import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.OrganizationPolicy;
import org.springframework.web.server.ServerWebExchange;

import java.util.Optional;

/**
 * The organization a request acts for, taken from the gateway's internal token and never from the
 * client. Every query filters by {@link #organizationId()}.
 *
 * @param policy the organization's policy as the gateway knew it when it let the request in, so a
 *               service acts on a change from the next request on; {@code null} where the token
 *               carries none
 * @param actor  the signed-in person the request acts for, with the rights of a data key their role
 *               allows; {@code null} for a request with a key
 */
public record OrgContext(long organizationId, KeyKind keyKind, OrganizationPolicy policy, Actor actor) {

    static final String ATTRIBUTE = OrgContext.class.getName();

    public OrgContext(long organizationId, KeyKind keyKind) {
        this(organizationId, keyKind, null, null);
    }

    /** A signed-in person's request: a data key's rights, as far as the gateway let their role go. */
    public static OrgContext ofPerson(long organizationId, Actor actor) {
        return new OrgContext(organizationId, KeyKind.DATA, null, actor);
    }

    public OrgContext withPolicy(OrganizationPolicy carried) {
        return new OrgContext(organizationId, keyKind, carried, actor);
    }

    public Optional<Actor> person() {
        return Optional.ofNullable(actor);
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
