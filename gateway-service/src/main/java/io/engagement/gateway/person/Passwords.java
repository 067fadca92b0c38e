package io.engagement.gateway.person;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.error.RequestValidationException;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.Violations;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.security.crypto.password.DelegatingPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Scheduler;
import reactor.core.scheduler.Schedulers;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Passwords as Spring Security's delegating encoder keeps them: Argon2id ({@code {argon2}...}, 16 MiB
 * and 2 passes, Spring Security's defaults since 5.8) under an id, so a stronger setting can take over
 * later and old hashes still match. bcrypt is not the default because it reads only the first 72
 * bytes of a password, and ours may be 128 characters. Hashed and matched off the
 * request threads: a hash costs tens of milliseconds of CPU by design. A password is never part of
 * an answer, a 422 included.
 */
@Component
public class Passwords {

    public static final int MIN_LENGTH = 12;
    public static final int MAX_LENGTH = 128;

    /** A hash matched when the e-mail is unknown, so an unknown address costs what a known one does. */
    private final String decoy;
    private static final String ENCODER = "argon2";

    private final PasswordEncoder encoder = new DelegatingPasswordEncoder(ENCODER,
            Map.of(ENCODER, Argon2PasswordEncoder.defaultsForSpringSecurity_v5_8()));
    private final Scheduler hashing = Schedulers.newBoundedElastic(Runtime.getRuntime().availableProcessors() * 2, 1_000, "password-hashing");

    Passwords() {
        this.decoy = encoder.encode("decoy password that matches nothing");
    }

    public Mono<String> hash(String password) {
        return Mono.fromCallable(() -> encoder.encode(password)).subscribeOn(hashing);
    }

    /** Whether the password is the hash's; with no hash, a match against a decoy that fails. */
    public Mono<Boolean> matches(String password, String hash) {
        return Mono.fromCallable(() -> {
            boolean matched = encoder.matches(password, hash == null ? decoy : hash);
            return hash != null && matched;
        }).subscribeOn(hashing);
    }

    /** 422 when the password is too short or long, or is the address itself. */
    public static void check(String password, String email, String field) {
        Loc at = Loc.body().field(field);
        List<ErrorDetail> errors = new ArrayList<>();
        if (password.length() < MIN_LENGTH) {
            errors.add(Violations.stringTooShort(at, null, MIN_LENGTH));
        } else if (password.length() > MAX_LENGTH) {
            errors.add(Violations.stringTooLong(at, null, MAX_LENGTH));
        } else if (email != null && password.strip().toLowerCase(Locale.ROOT).equals(email.strip().toLowerCase(Locale.ROOT))) {
            errors.add(Violations.valueError(at, null, "the password must not be the e-mail address"));
        }
        if (!errors.isEmpty()) {
            throw new RequestValidationException(errors);
        }
    }
}
