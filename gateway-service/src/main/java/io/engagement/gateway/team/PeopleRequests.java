package io.engagement.gateway.team;

import io.engagement.gateway.person.MemberStatus;
import io.engagement.gateway.person.Members;
import io.engagement.platform.auth.Role;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;

import java.util.Optional;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/** The bodies of the people routes, the admin's and the operator's. */
final class PeopleRequests {

    static final ObjectSchema INVITATION = ObjectSchema.of(
            required("email", Rules.string().email()),
            optional("name", Rules.string().stripped().minLength(1).maxLength(200)),
            required("role", Rules.string().oneOf("admin", "agent", "viewer")),
            optional("capacity", Rules.integer().min(1).max(100))).forbiddingExtra();

    static final ObjectSchema CHANGE = ObjectSchema.of(
            optional("role", Rules.string().oneOf("admin", "agent", "viewer")),
            optional("name", Rules.string().stripped().minLength(1).maxLength(200)),
            optional("capacity", Rules.integer().min(1).max(100)),
            optional("status", Rules.string().oneOf("active", "deactivated"))).forbiddingExtra();

    private PeopleRequests() {
    }

    record Invitation(String email, String name, String role, Integer capacity) {

        Members.Invitee invitee() {
            return new Members.Invitee(email, name, Role.fromWireName(role).orElseThrow(), Optional.ofNullable(capacity));
        }
    }

    record Change(String role, String name, Integer capacity, String status) {

        Members.MemberChange change() {
            return new Members.MemberChange(Optional.ofNullable(role).flatMap(Role::fromWireName), Optional.ofNullable(name),
                    Optional.ofNullable(capacity), Optional.ofNullable(status).flatMap(MemberStatus::fromWireName));
        }
    }
}
