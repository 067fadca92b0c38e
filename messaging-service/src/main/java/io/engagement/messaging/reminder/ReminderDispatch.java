package io.engagement.messaging.reminder;

import io.engagement.messaging.email.EmailAcceptance;
import io.engagement.messaging.email.EmailRequest;
import io.engagement.messaging.sms.SmsAcceptance;
import io.engagement.messaging.whatsapp.WhatsAppAcceptance;
import io.engagement.platform.error.ApiException;
import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

import java.util.List;
import java.util.Map;

/**
 * Sends one reminder of a thread (a ticket, or a conversation's unread replies) on each of the
 * organization's reminder channels, through the same queues, ledgers and wallet as the API's
 * messages, so a reminder shows in the message lists and is delivered, retried and erased like any
 * other message. A conversation's visitor is reached by phone only when verified as a customer
 * whose number is known. A channel the customer cannot be
 * reached on (no address, WhatsApp not connected, an empty wallet, no push provider) is skipped
 * and counted; it does not hold the other channels back.
 */
@Component
class ReminderDispatch {

    private static final Logger log = LoggerFactory.getLogger(ReminderDispatch.class);
    private static final String CONVERSATION_TEXT = "Our team replied to your conversation and the replies are waiting for you in the chat on our website.";

    private final CustomerContacts contacts;
    private final EmailAcceptance email;
    private final SmsAcceptance sms;
    private final WhatsAppAcceptance whatsApp;
    private final MeterRegistry meters;
    private final String smsSenderId;

    ReminderDispatch(CustomerContacts contacts, EmailAcceptance email, SmsAcceptance sms, WhatsAppAcceptance whatsApp,
                     MeterRegistry meters, ReminderProperties properties) {
        this.contacts = contacts;
        this.email = email;
        this.sms = sms;
        this.whatsApp = whatsApp;
        this.meters = meters;
        this.smsSenderId = properties.smsSenderId();
    }

    /** Sends on every channel in turn; answers what became of the reminder. */
    Mono<Outcome> send(FollowedThread thread, List<String> channels) {
        return contacts.find(thread.organizationId(), thread.customerId())
                .flatMap(contact -> Flux.fromIterable(channels)
                        .concatMap(channel -> sendOn(channel, thread, contact)
                                .doOnNext(messageId -> meters.counter("engagement.reminders.sent", "channel", channel).increment())
                                .map(messageId -> Outcome.SENT)
                                .onErrorResume(failure -> Mono.just(skipped(channel, thread, failure)))
                                .defaultIfEmpty(Outcome.SKIPPED))
                        .reduce(Outcome.SKIPPED, Outcome::and));
    }

    private Mono<String> sendOn(String channel, FollowedThread thread, CustomerContacts.Contact contact) {
        String address = "email".equals(channel) ? (thread.email() != null ? thread.email() : contact.email()) : contact.whatsappNumber();
        if (address == null || "push".equals(channel)) {
            meters.counter("engagement.reminders.skipped", "channel", channel, "reason", address == null ? "no address" : "no provider").increment();
            return Mono.empty();
        }
        return switch (channel) {
            case "email" -> email.acceptOne(thread.organizationId(), emailTo(address, thread));
            case "sms" -> sms.acceptOne(thread.organizationId(), smsSenderId, address, text(thread));
            case "whatsapp" -> whatsApp.acceptOne(thread.organizationId(), address, text(thread));
            default -> Mono.empty();
        };
    }

    /** A queue that is down is worth another try; any other refusal (wallet, connection, address) is the channel's answer. */
    private Outcome skipped(String channel, FollowedThread thread, Throwable failure) {
        boolean unavailable = failure instanceof ApiException refused && refused.status() == HttpStatus.SERVICE_UNAVAILABLE;
        meters.counter("engagement.reminders.skipped", "channel", channel, "reason", unavailable ? "unavailable" : "refused").increment();
        log.info("The {} reminder of {} {} was not sent: {}", channel, thread.kind(), thread.threadId(), failure.getMessage());
        return unavailable ? Outcome.UNAVAILABLE : Outcome.SKIPPED;
    }

    private static EmailRequest emailTo(String address, FollowedThread thread) {
        if (thread.kind() == FollowedThread.Kind.CONVERSATION) {
            return new EmailRequest(address, null, "Reminder: replies are waiting for you", null, CONVERSATION_TEXT, null,
                    List.of(), List.of(), null, null, null, null, "reminder", Map.of(), null);
        }
        return new EmailRequest(address, null, "Reminder: {{ticket_subject}}", null,
                "Your request \"{{ticket_subject}}\" (ticket {{ticket_id}}) is waiting for your reply.", null,
                List.of(), List.of(), null, null, null, null, "reminder",
                Map.of("ticket_subject", thread.subject() == null ? "" : thread.subject(), "ticket_id", thread.threadId()), null);
    }

    private static String text(FollowedThread thread) {
        if (thread.kind() == FollowedThread.Kind.CONVERSATION) {
            return "Reminder: " + CONVERSATION_TEXT;
        }
        return "Reminder: your request \"" + (thread.subject() == null ? "" : thread.subject()) + "\" (ticket " + thread.threadId()
                + ") is waiting for your reply.";
    }

    /** What became of one reminder: sent on some channel, skipped on every one, or only refused by queues that were down. */
    enum Outcome {
        SENT, SKIPPED, UNAVAILABLE;

        /** Sent anywhere counts as sent; otherwise a queue that was down makes it worth another try. */
        Outcome and(Outcome other) {
            if (this == SENT || other == SENT) {
                return SENT;
            }
            return this == UNAVAILABLE || other == UNAVAILABLE ? UNAVAILABLE : SKIPPED;
        }
    }
}
