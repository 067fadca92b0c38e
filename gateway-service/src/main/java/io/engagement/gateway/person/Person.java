package io.engagement.gateway.person;

import java.time.Instant;

/**
 * One e-mail address across the installation, with one password, whatever organizations it is a
 * member of.
 *
 * @param passwordHash the encoder's hash ({@code {argon2}...}), {@code null} until the person sets one
 * @param mfaSecret    the TOTP secret (base32) of their second factor, {@code null} while it is off
 */
public record Person(String personId, String email, String name, String passwordHash, Instant createdAt, String mfaSecret) {

    public boolean hasPassword() {
        return passwordHash != null;
    }

    public boolean mfaEnabled() {
        return mfaSecret != null;
    }

    Person withPasswordHash(String hash) {
        return new Person(personId, email, name, hash, createdAt, mfaSecret);
    }
}
