package io.engagement.gateway.team;

import io.engagement.gateway.person.Acting;
import io.engagement.gateway.person.MemberView;
import io.engagement.gateway.person.Members;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

/**
 * {@code POST /admin/v1/organizations/{organization_id}/people} (the admin token): how the operator
 * invites an organization's first admin, or anyone, before it has one.
 */
@RestController
class PeopleAdminResource {

    private final Members members;
    private final JsonBodyReader bodies;

    PeopleAdminResource(Members members, JsonBodyReader bodies) {
        this.members = members;
        this.bodies = bodies;
    }

    @PostMapping("/admin/v1/organizations/{organization_id}/people")
    @ResponseStatus(HttpStatus.CREATED)
    Mono<MemberView> invite(ServerWebExchange exchange) {
        ParamReader path = ParamReader.path(exchange);
        long organizationId = path.requiredInteger("organization_id");
        path.validate();
        return bodies.read(exchange, PeopleRequests.INVITATION, PeopleRequests.Invitation.class)
                .flatMap(request -> members.invite(organizationId, request.invitee(), Acting.operator(exchange.getRequest())))
                .map(MemberView::of);
    }
}
