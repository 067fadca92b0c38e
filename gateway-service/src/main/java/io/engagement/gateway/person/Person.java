package io.engagement.gateway.person;

import java.time.Instant;

/**
 * One e-mail address across the installation, with one password, whatever organizations it is a
 * member of.
 *
 * @param passwordHash the encoder's hash ({@code {bcrypt}...}), {@code null} until the person sets one
 */
public record Person(String personId, String email, String name, String passwordHash, Instant createdAt) {

    public boolean hasPassword() {
        return passwordHash != null;
    }
}
