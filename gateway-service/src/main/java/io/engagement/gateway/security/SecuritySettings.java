package io.engagement.gateway.security;

import java.util.List;

/**
 * An organization's security policy ({@code /external/v1/settings/security}): whether every member
 * signs in with MFA, and its single sign-on.
 */
public record SecuritySettings(boolean requireMfa, Sso sso) {

    static final SecuritySettings DEFAULTS = new SecuritySettings(false, Sso.OFF);

    /**
     * The organization's OpenID provider.
     *
     * @param clientSecret  kept to redeem codes, never shown again ({@code client_secret_set} says whether there is one)
     * @param allowedDomains the e-mail domains whose people may sign in through it
     * @param defaultRole   the role of a member made at their first single sign-on
     * @param enforced      its members may not sign in with a password
     */
    public record Sso(boolean enabled, String issuer, String clientId, String clientSecret, List<String> allowedDomains,
                      String defaultRole, boolean enforced) {

        static final Sso OFF = new Sso(false, null, null, null, List.of(), "agent", false);

        public Sso {
            allowedDomains = allowedDomains == null ? List.of() : List.copyOf(allowedDomains);
        }
    }

    /** As {@code GET} shows it: the client secret only as whether one is set. */
    record View(boolean requireMfa, SsoView sso) {

        static View of(SecuritySettings settings) {
            Sso sso = settings.sso();
            return new View(settings.requireMfa(), new SsoView(sso.enabled(), sso.issuer(), sso.clientId(), sso.clientSecret() != null,
                    sso.allowedDomains(), sso.defaultRole(), sso.enforced()));
        }
    }

    record SsoView(boolean enabled, String issuer, String clientId, boolean clientSecretSet, List<String> allowedDomains,
                   String defaultRole, boolean enforced) {
    }
}
