package io.engagement.gateway.person;

import io.engagement.platform.event.AccountEmailRequested;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.Topics;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.util.UUID;

/**
 * Account e-mail handed to the messaging service ({@link AccountEmailRequested}), which delivers,
 * retries and lists it like any e-mail. A request answers once the broker has the mail, so a link
 * the answer promises is on its way.
 */
@Component
class AccountMail {

    private final EventPublisher events;
    private final PeopleProperties properties;
    private final Clock clock;

    AccountMail(EventPublisher events, PeopleProperties properties, Clock clock) {
        this.events = events;
        this.properties = properties;
        this.clock = clock;
    }

    Mono<Void> invitation(long organizationId, String organizationName, String toEmail, String roleName, String token) {
        String text = "You are invited to " + organizationName + " on the Engagement Suite, as " + article(roleName) + " " + roleName + ".\n\n"
                + "Join: " + properties.consoleLink("join", token) + "\n\n"
                + "The link works once, for " + properties.invitationTtl().toDays() + " days.\n";
        return send(organizationId, toEmail, "You are invited to " + organizationName, text);
    }

    Mono<Void> passwordReset(long organizationId, String toEmail, String token) {
        String text = "Someone asked to reset the password of this address on the Engagement Suite.\n\n"
                + "Choose a new password: " + properties.consoleLink("reset", token) + "\n\n"
                + "The link works once, for " + properties.resetTtl().toMinutes() + " minutes. "
                + "If you did not ask for it, ignore this e-mail: your password stays as it is.\n";
        return send(organizationId, toEmail, "Reset your password", text);
    }

    private Mono<Void> send(long organizationId, String toEmail, String subject, String text) {
        String requestId = UUID.randomUUID().toString();
        AccountEmailRequested mail = new AccountEmailRequested(requestId, toEmail, subject, text);
        return events.publish(Topics.ACCOUNT_EMAIL, EventEnvelope.key(organizationId, requestId),
                EventEnvelope.of(UUID.randomUUID(), organizationId, clock.instant(), mail));
    }

    private static String article(String word) {
        return "aeiou".indexOf(word.charAt(0)) >= 0 ? "an" : "a";
    }
}
