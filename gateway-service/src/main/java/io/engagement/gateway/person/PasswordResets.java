package io.engagement.gateway.person;

import io.engagement.platform.error.ApiException;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * Password resets by e-mail: a single-use link to a known person (nothing, and the same answer, for
 * an unknown address), and the new password it sets, which ends every session of the person.
 */
@Component
public class PasswordResets {

    /** Account mail outside any organization's message list: a reset link is the person's alone. */
    private static final long NO_ORGANIZATION = 0;

    private final PersonStore people;
    private final OneTimeTokens tokens;
    private final AccountMail mail;
    private final Passwords passwords;
    private final MemberSessions sessions;
    private final PeopleProperties properties;

    PasswordResets(PersonStore people, OneTimeTokens tokens, AccountMail mail, Passwords passwords, MemberSessions sessions,
                   PeopleProperties properties) {
        this.people = people;
        this.tokens = tokens;
        this.mail = mail;
        this.passwords = passwords;
        this.sessions = sessions;
        this.properties = properties;
    }

    public Mono<Void> send(String email) {
        return people.findByEmail(email)
                .flatMap(person -> tokens.issue(OneTimeTokens.Purpose.PASSWORD_RESET, person.personId(), NO_ORGANIZATION, properties.resetTtl())
                        .flatMap(token -> mail.passwordReset(NO_ORGANIZATION, person.email(), token)));
    }

    /** Sets the password the link's person chose: 400 for an unknown, used or expired token, 422 for a password refused (the link still works). */
    public Mono<Person> confirm(String token, String password) {
        return tokens.peek(OneTimeTokens.Purpose.PASSWORD_RESET, token)
                .flatMap(reset -> people.findById(reset.personId()))
                .switchIfEmpty(Mono.error(PasswordResets::invalidToken))
                .doOnNext(person -> Passwords.check(password, person.email(), "password"))
                .flatMap(person -> tokens.redeem(OneTimeTokens.Purpose.PASSWORD_RESET, token)
                        .switchIfEmpty(Mono.error(PasswordResets::invalidToken))
                        .then(passwords.hash(password))
                        .flatMap(hash -> people.setPassword(person.personId(), hash))
                        .then(sessions.endAll(person.personId()))
                        .thenReturn(person));
    }

    private static ApiException invalidToken() {
        return new ApiException(HttpStatus.BAD_REQUEST, "invalid or expired token");
    }
}
