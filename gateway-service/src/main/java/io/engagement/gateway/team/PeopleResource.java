package io.engagement.gateway.team;

import io.engagement.gateway.person.Acting;
import io.engagement.gateway.person.MemberStatus;
import io.engagement.gateway.person.MemberStore;
import io.engagement.gateway.person.MemberView;
import io.engagement.gateway.person.Members;
import io.engagement.gateway.signin.SignedIn;
import io.engagement.gateway.signin.SignedInPerson;
import io.engagement.platform.auth.Role;
import io.engagement.platform.page.PageEnvelope;
import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.validation.ParamReader;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PatchMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.ResponseStatus;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ServerWebExchange;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Optional;

/**
 * {@code /external/v1/people}: an organization's members, read by any signed-in member and managed
 * by its admins. Another organization's person is 404, as if there were none.
 */
@RestController
@RequestMapping("/external/v1/people")
class PeopleResource {

    private final Members members;
    private final MemberStore store;
    private final JsonBodyReader bodies;

    PeopleResource(Members members, MemberStore store, JsonBodyReader bodies) {
        this.members = members;
        this.store = store;
        this.bodies = bodies;
    }

    @GetMapping
    Mono<PageEnvelope<MemberView>> list(ServerWebExchange exchange) {
        ParamReader query = ParamReader.query(exchange);
        PageRequest page = PageRequest.from(query);
        Optional<Role> role = Optional.ofNullable(query.literal("role", null, List.of("admin", "agent", "viewer")))
                .flatMap(Role::fromWireName);
        Optional<MemberStatus> status = Optional.ofNullable(query.literal("status", null, List.of("invited", "active", "deactivated")))
                .flatMap(MemberStatus::fromWireName);
        Optional<String> search = query.string("search").map(String::strip).filter(text -> !text.isEmpty());
        query.validate();
        return SignedInPerson.require(exchange, Role.VIEWER)
                .flatMap(signedIn -> store.page(signedIn.organizationId(), new MemberStore.MemberFilter(role, status, search), page))
                .map(found -> found.map(MemberView::of));
    }

    @PostMapping
    @ResponseStatus(HttpStatus.CREATED)
    Mono<MemberView> invite(ServerWebExchange exchange) {
        return SignedInPerson.require(exchange, Role.ADMIN)
                .flatMap(signedIn -> bodies.read(exchange, PeopleRequests.INVITATION, PeopleRequests.Invitation.class)
                        .flatMap(request -> members.invite(signedIn.organizationId(), request.invitee(), acting(signedIn, exchange))))
                .map(MemberView::of);
    }

    @PostMapping("/{person_id}/invitation")
    @ResponseStatus(HttpStatus.ACCEPTED)
    Mono<Void> resendInvitation(ServerWebExchange exchange) {
        String personId = personIdOf(exchange);
        return SignedInPerson.require(exchange, Role.ADMIN)
                .flatMap(signedIn -> members.resendInvitation(signedIn.organizationId(), personId));
    }

    @PatchMapping("/{person_id}")
    Mono<MemberView> change(ServerWebExchange exchange) {
        String personId = personIdOf(exchange);
        return SignedInPerson.require(exchange, Role.ADMIN)
                .flatMap(signedIn -> bodies.read(exchange, PeopleRequests.CHANGE, PeopleRequests.Change.class)
                        .flatMap(request -> members.change(signedIn.organizationId(), personId, request.change(), acting(signedIn, exchange))))
                .map(MemberView::of);
    }

    private static Acting acting(SignedIn signedIn, ServerWebExchange exchange) {
        return Acting.person(signedIn.personId(), signedIn.member().email(), exchange.getRequest());
    }

    private static String personIdOf(ServerWebExchange exchange) {
        ParamReader path = ParamReader.path(exchange);
        String personId = path.requiredString("person_id", 100);
        path.validate();
        return personId;
    }
}
