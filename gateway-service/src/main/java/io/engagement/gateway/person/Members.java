package io.engagement.gateway.person;

import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.auth.Role;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.event.AuditRecorded;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.data.mongodb.core.query.Update;
import org.springframework.http.HttpStatus;
import org.springframework.http.server.reactive.ServerHttpRequest;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.Map;
import java.util.Optional;

/**
 * Who belongs to an organization, and how they join and leave it: invitations by e-mail, accepting
 * one with a password, changes of role, capacity and status under the rule that an organization
 * keeps at least one active admin.
 */
@Component
public class Members {

    static final String LAST_ADMIN = "an organization keeps at least one active admin";

    private final PersonStore people;
    private final MemberStore members;
    private final OneTimeTokens tokens;
    private final AccountMail mail;
    private final OrganizationNames organizations;
    private final MemberSessions sessions;
    private final Passwords passwords;
    private final PeopleProperties properties;
    private final AuditTrail audit;
    private final MemberEvents announced;
    private final Clock clock;

    Members(PersonStore people, MemberStore members, OneTimeTokens tokens, AccountMail mail, OrganizationNames organizations,
            MemberSessions sessions, Passwords passwords, PeopleProperties properties, AuditTrail audit, MemberEvents announced,
            Clock clock) {
        this.announced = announced;
        this.audit = audit;
        this.people = people;
        this.members = members;
        this.tokens = tokens;
        this.mail = mail;
        this.organizations = organizations;
        this.sessions = sessions;
        this.passwords = passwords;
        this.properties = properties;
        this.clock = clock;
    }

    /** The new member, invited: 404 for no such organization, 409 when the address is already a member. */
    public Mono<Member> invite(long organizationId, Invitee invitee, Acting acting) {
        return organizations.nameOf(organizationId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Organization")))
                .flatMap(organizationName -> people.findOrCreate(invitee.email(), invitee.name())
                        .flatMap(person -> members.insert(new Member(organizationId, person.personId(), person.email(),
                                        Optional.ofNullable(invitee.name()).orElse(person.name()), invitee.role(), MemberStatus.INVITED,
                                        invitee.capacity().orElse(Member.DEFAULT_CAPACITY), Availability.ONLINE, false, person.mfaEnabled(),
                                        clock.instant(), null))
                                .switchIfEmpty(Mono.error(() -> ApiException.conflict("already a member"))))
                        .flatMap(announced::announce)
                        .flatMap(member -> sendInvitation(member, organizationName)
                                .then(audit(organizationId, "person.invited", member, acting, Map.of("role", member.role().wireName())))
                                .thenReturn(member)));
    }

    private Mono<Void> audit(long organizationId, String action, Member member, Acting acting, Map<String, Object> details) {
        return audit.record(organizationId, action, acting.actor(), new AuditRecorded.Target("person", member.personId()), acting.request(),
                details);
    }

    /** A new link for an invited member, the old one void: 404 for no such member, 409 once they joined. */
    public Mono<Void> resendInvitation(long organizationId, String personId) {
        return members.find(organizationId, personId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Person")))
                .filter(member -> member.status() == MemberStatus.INVITED)
                .switchIfEmpty(Mono.error(() -> ApiException.conflict("already joined")))
                .flatMap(member -> organizations.nameOf(organizationId).flatMap(name -> sendInvitation(member, name)));
    }

    private Mono<Void> sendInvitation(Member member, String organizationName) {
        return tokens.issue(OneTimeTokens.Purpose.INVITATION, member.personId(), member.organizationId(), properties.invitationTtl())
                .flatMap(token -> mail.invitation(member.organizationId(), organizationName, member.email(), member.role().wireName(), token));
    }

    /**
     * The invitation's member, now active, and the password set where the person had none (then
     * required: 422, and the link still works). An unknown, used or expired token: 400.
     */
    public Mono<Member> accept(String token, String name, String password, ServerHttpRequest request) {
        return tokens.peek(OneTimeTokens.Purpose.INVITATION, token)
                .flatMap(invitation -> people.findById(invitation.personId()))
                .switchIfEmpty(Mono.error(Members::invalidToken))
                .doOnNext(person -> checkPassword(person, password))
                .flatMap(person -> tokens.redeem(OneTimeTokens.Purpose.INVITATION, token)
                        .switchIfEmpty(Mono.error(Members::invalidToken))
                        .flatMap(redeemed -> withPassword(person, password)
                                .flatMap(withName -> name == null ? Mono.just(withName) : rename(withName, name))
                                .flatMap(joined -> members.update(redeemed.organizationId(), joined.personId(),
                                        new Update().set("status", MemberStatus.ACTIVE.wireName())))))
                .switchIfEmpty(Mono.error(Members::invalidToken))
                .flatMap(member -> member.role() == Role.ADMIN
                        ? members.addActiveAdmin(member.organizationId(), member.personId()).thenReturn(member) : Mono.just(member))
                .flatMap(announced::announce)
                .flatMap(member -> audit(member.organizationId(), "person.joined", member,
                        Acting.person(member.personId(), member.email(), request), Map.of()).thenReturn(member));
    }

    /** A person without a password sets one as they join; one who has one keeps it. */
    private static void checkPassword(Person person, String password) {
        if (person.hasPassword()) {
            return;
        }
        if (password == null) {
            throw new RequestValidationException(Violations.missing(Loc.body().field("password"), null));
        }
        Passwords.check(password, person.email(), "password");
    }

    private Mono<Person> withPassword(Person person, String password) {
        if (person.hasPassword()) {
            return Mono.just(person);
        }
        return passwords.hash(password).flatMap(hash -> people.setPassword(person.personId(), hash)
                .thenReturn(person.withPasswordHash(hash)));
    }

    private Mono<Person> rename(Person person, String name) {
        return people.rename(person.personId(), name).flatMap(renamed -> members.rename(renamed.personId(), name).thenReturn(renamed));
    }

    /**
     * The member after the change. Demoting or deactivating the last active admin: 409, nothing
     * changed. Deactivating ends the member's sessions in the organization.
     */
    public Mono<Member> change(long organizationId, String personId, MemberChange change, Acting acting) {
        return members.find(organizationId, personId)
                .switchIfEmpty(Mono.error(() -> ApiException.notFound("Person")))
                .flatMap(before -> applied(before, change).flatMap(after -> followed(before, after, acting)));
    }

    /** The change stored, the admins' roster first, so a refused demotion changes nothing. */
    private Mono<Member> applied(Member before, MemberChange change) {
        long organizationId = before.organizationId();
        String personId = before.personId();
        boolean adminAfter = change.role().orElse(before.role()) == Role.ADMIN
                && change.status().orElse(before.status()) == MemberStatus.ACTIVE;
        Mono<Void> roster = before.isActiveAdmin() && !adminAfter
                ? members.removeActiveAdmin(organizationId, personId)
                        .flatMap(removed -> removed ? Mono.<Void>empty() : Mono.error(ApiException.conflict(LAST_ADMIN)))
                : Mono.empty();
        Update update = new Update();
        change.role().ifPresent(changed -> update.set("role", changed.wireName()));
        change.status().ifPresent(changed -> update.set("status", changed.wireName()));
        change.capacity().ifPresent(capacity -> update.set("capacity", capacity));
        change.name().ifPresent(name -> update.set("name", name));
        Mono<Member> changed = update.getUpdateObject().isEmpty() ? Mono.just(before) : members.update(organizationId, personId, update);
        Mono<Void> promoted = adminAfter && !before.isActiveAdmin() ? members.addActiveAdmin(organizationId, personId) : Mono.empty();
        return roster.then(changed).flatMap(after -> promoted.thenReturn(after));
    }

    /** Sessions ended or read again, the acts logged and the member's new state announced. */
    private Mono<Member> followed(Member before, Member after, Acting acting) {
        boolean deactivated = after.status() == MemberStatus.DEACTIVATED && before.status() != MemberStatus.DEACTIVATED;
        Mono<Void> sessionsChanged = deactivated ? sessions.endIn(after.organizationId(), after.personId()) : sessions.reload(after.personId());
        return sessionsChanged.then(audited(before, after, acting)).then(announced.announce(after));
    }

    /** The member's availability in the organization, as they set it themselves. */
    public Mono<Member> setAvailability(long organizationId, String personId, Availability availability) {
        return members.update(organizationId, personId, new Update().set("availability", availability.wireName())).flatMap(announced::announce);
    }

    /** The person's own name, in every organization of theirs. */
    public Mono<Void> rename(String personId, String name) {
        return people.rename(personId, name).then(members.rename(personId, name))
                .thenMany(members.ofPerson(personId)).concatMap(announced::announce).then();
    }

    /** What the change did, each as its own act. */
    private Mono<Void> audited(Member before, Member after, Acting acting) {
        long organizationId = after.organizationId();
        Mono<Void> role = before.role() == after.role() ? Mono.empty() : audit(organizationId, "person.role_changed", after, acting,
                Map.of("from", before.role().wireName(), "to", after.role().wireName()));
        Mono<Void> status = before.status() == after.status() ? Mono.empty()
                : after.status() == MemberStatus.DEACTIVATED ? audit(organizationId, "person.deactivated", after, acting, Map.of())
                : before.status() == MemberStatus.DEACTIVATED ? audit(organizationId, "person.reactivated", after, acting, Map.of())
                : Mono.empty();
        return role.then(status);
    }

    private static ApiException invalidToken() {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid or expired token");
    }

    /** Who an admin (or the operator) invites. */
    public record Invitee(String email, String name, Role role, Optional<Integer> capacity) {
    }

    /** What {@code PATCH /external/v1/people/{person_id}} changes; each absent part stays. */
    public record MemberChange(Optional<Role> role, Optional<String> name, Optional<Integer> capacity, Optional<MemberStatus> status) {
    }
}
