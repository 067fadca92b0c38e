package io.engagement.gateway.organization;

import io.engagement.platform.validation.ParamReader;
import org.springframework.web.server.ServerWebExchange;

/** The organization an admin API path names: {@code /admin/v1/organizations/{organization_id}/...}. */
public final class AdminPath {

    private AdminPath() {
    }

    /** The path's {@code organization_id}; a 422 naming it when it is not a number. */
    public static long organizationId(ServerWebExchange exchange) {
        ParamReader path = ParamReader.path(exchange);
        long organizationId = path.requiredInteger("organization_id");
        path.validate();
        return organizationId;
    }
}
