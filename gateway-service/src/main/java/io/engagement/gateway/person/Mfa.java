package io.engagement.gateway.person;

import io.engagement.platform.auth.Secrets;
import io.engagement.platform.error.ApiException;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * A person's second factor: a TOTP secret set up, confirmed by a first code, and then asked for at
 * every sign-in. A code is accepted once: its step is recorded in the same write that accepts it,
 * so the same code (or an earlier one) presented again, by anyone, is refused. Ten recovery codes,
 * stored as hashes and shown once, each stand in for a code once.
 */
@Component
public class Mfa {

    static final int RECOVERY_CODES = 10;
    private static final String RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

    private final SecureRandom random = new SecureRandom();
    private final PersonStore people;
    private final MemberStore members;
    private final TotpCodes codes;

    Mfa(PersonStore people, MemberStore members, TotpCodes codes) {
        this.people = people;
        this.members = members;
        this.codes = codes;
    }

    /** A new secret for the person's app, not yet on: 409 while MFA is on. */
    public Mono<Setup> start(Person person) {
        if (person.mfaEnabled()) {
            return Mono.error(ApiException.conflict("MFA is already on"));
        }
        String secret = codes.newSecret();
        return people.setPendingMfa(person.personId(), secret).thenReturn(new Setup(secret, TotpCodes.uri(secret, person.email())));
    }

    /** Turns MFA on with the app's first code (401 for a wrong one); the recovery codes, shown this once. */
    public Mono<List<String>> confirm(Person person, String otp) {
        return people.pendingMfa(person.personId())
                .switchIfEmpty(Mono.error(() -> ApiException.conflict("no MFA setup to confirm: POST /auth/v1/me/mfa first")))
                .flatMap(secret -> {
                    OptionalLong step = codes.matchingStep(secret, otp);
                    if (step.isEmpty()) {
                        return Mono.error(invalidCode());
                    }
                    List<String> recovery = recoveryCodes();
                    List<String> hashes = recovery.stream().map(Mfa::hashOf).toList();
                    return people.enableMfa(person.personId(), secret, hashes, step.getAsLong())
                            .flatMap(enabled -> enabled ? members.setMfa(person.personId(), true).thenReturn(recovery) : Mono.error(invalidCode()));
                });
    }

    /** Turns MFA off with a code or a recovery code. */
    public Mono<Void> disable(Person person, String otp) {
        return verify(person, otp).flatMap(valid -> valid
                ? people.disableMfa(person.personId()).then(members.setMfa(person.personId(), false))
                : Mono.error(invalidCode()));
    }

    /** Whether {@code otp} is the person's current code, never used before, or one of their unspent recovery codes. */
    public Mono<Boolean> verify(Person person, String otp) {
        if (!person.mfaEnabled() || otp == null) {
            return Mono.just(false);
        }
        OptionalLong step = codes.matchingStep(person.mfaSecret(), otp.strip());
        if (step.isPresent()) {
            return people.useStep(person.personId(), step.getAsLong());
        }
        return people.useRecoveryCode(person.personId(), hashOf(otp));
    }

    public static ApiException invalidCode() {
        return ApiException.unauthorized("invalid one-time code");
    }

    /** {@code xxxxx-xxxxx} from an alphabet without look-alikes (about 50 bits each); read back ignoring case and spaces. */
    private List<String> recoveryCodes() {
        List<String> recovery = new ArrayList<>(RECOVERY_CODES);
        for (int index = 0; index < RECOVERY_CODES; index++) {
            StringBuilder code = new StringBuilder(11);
            for (int character = 0; character < 10; character++) {
                if (character == 5) {
                    code.append('-');
                }
                code.append(RECOVERY_ALPHABET.charAt(random.nextInt(RECOVERY_ALPHABET.length())));
            }
            recovery.add(code.toString());
        }
        return recovery;
    }

    private static String hashOf(String recoveryCode) {
        return Secrets.sha256(recoveryCode.strip().toLowerCase(Locale.ROOT).replace(" ", ""));
    }

    /** What an authenticator app is set up with. */
    public record Setup(String secret, String otpauthUri) {
    }
}
