package io.engagement.gateway.person;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.net.URI;
import java.time.Duration;

/**
 * People and the links mailed to them ({@code engagement.people}).
 *
 * @param publicUrl      where people reach the gateway, the start of every link an account e-mail
 *                       carries (never the request's Host, which a client chooses)
 * @param invitationTtl  how long an invitation's link works
 * @param resetTtl       how long a password reset's link works
 */
@ConfigurationProperties("engagement.people")
public record PeopleProperties(URI publicUrl, Duration invitationTtl, Duration resetTtl) {

    public PeopleProperties {
        publicUrl = publicUrl == null ? URI.create("http://127.0.0.1:8080") : publicUrl;
        invitationTtl = invitationTtl == null ? Duration.ofDays(7) : invitationTtl;
        resetTtl = resetTtl == null ? Duration.ofMinutes(30) : resetTtl;
    }

    /** {@code <gateway>/console/#/<page>?token=...}: the console reads the token off the fragment, which no server log sees. */
    String consoleLink(String page, String token) {
        String base = publicUrl.toString().replaceAll("/+$", "");
        return base + "/console/#/" + page + "?token=" + token;
    }
}
