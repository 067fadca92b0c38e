package io.engagement.local.messaging;

import io.engagement.infra.inbox.ReceivedMail;
import io.engagement.infra.inbox.ReceivedSms;
import io.engagement.infra.inbox.ReceivedWhatsApp;
import io.engagement.local.support.Answer;
import io.engagement.local.support.Json;
import io.engagement.local.support.RunningSuite;
import io.engagement.local.support.WhatsAppNumbers;
import org.junit.jupiter.api.Test;

import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import static io.engagement.local.support.Routes.TICKETS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Reminders of tickets waiting on their customer, through the gateway: a ticket set to
 * {@code pending} is followed up at each of the organization's intervals on its channels, until it
 * leaves {@code pending}. The suite runs with a reminder "minute" of one second.
 */
class TicketReminderIT {

    private static final String SETTINGS = "/external/v1/settings/reminders";
    private static final Duration SENT = Duration.ofSeconds(60);

    private final RunningSuite suite = RunningSuite.get();
    private final RunningSuite.Organization org = suite.createOrganization("Ticket reminders " + UUID.randomUUID());

    @Test
    void aPendingTicketsCustomerIsRemindedOnEveryChannelAtEachInterval() {
        String phone = WhatsAppNumbers.fresh();
        String email = "rita-" + UUID.randomUUID() + "@example.com";
        String customerId = createCustomer(email, phone);
        assertThat(put("/external/v1/settings/whatsapp", "{\"phone_number\": \"" + WhatsAppNumbers.fresh() + "\"}").status()).isEqualTo(200);
        assertThat(suite.admin("POST", "/admin/v1/organizations/" + org.id() + "/wallet", "{\"amount\": 10}").status()).isEqualTo(200);
        assertThat(put(SETTINGS, "{\"enabled\": true, \"intervals_minutes\": [2, 6], \"channels\": [\"email\", \"sms\", \"whatsapp\", \"push\"]}")
                .status()).isEqualTo(200);
        String subject = "Refund " + UUID.randomUUID();
        String ticketId = openId("{\"subject\": \"" + subject + "\", \"description\": \"d\", \"customer_id\": \"" + customerId + "\"}");

        assertThat(patch(ticketId, "{\"status\": \"pending\"}").status()).isEqualTo(200);

        await().atMost(SENT).untilAsserted(() -> {
            assertThat(mailsAbout(subject)).hasSize(2);
            assertThat(smsTo(phone)).hasSize(2);
            assertThat(whatsAppTo(phone)).hasSize(2);
        });
        ReceivedMail mail = mailsAbout(subject).get(0);
        assertThat(mail.to()).extracting(ReceivedMail.Address::address).containsExactly(email);
        assertThat(mail.subject()).isEqualTo("Reminder: " + subject);
        assertThat(mail.text()).contains(ticketId).contains("waiting for your reply");
        ReceivedSms sms = smsTo(phone).get(0);
        assertThat(sms.senderId()).isEqualTo("Support");
        assertThat(sms.message()).contains(subject).contains(ticketId);
        assertThat(whatsAppTo(phone).get(0).message()).isEqualTo(sms.message());
        assertThat(suite.admin("GET", "/admin/v1/organizations/" + org.id() + "/wallet", null).json().get("balance").asLong())
                .as("each SMS and WhatsApp reminder is paid from the wallet").isEqualTo(6);
    }

    @Test
    void aTicketAnsweredBeforeItsReminderIsDueGetsNone() {
        assertThat(put(SETTINGS, "{\"enabled\": true, \"intervals_minutes\": [3], \"channels\": [\"email\"]}").status()).isEqualTo(200);
        String answeredSubject = "Answered " + UUID.randomUUID();
        String answered = openId(ticketByEmail(answeredSubject));
        assertThat(patch(answered, "{\"status\": \"pending\"}").status()).isEqualTo(200);
        assertThat(patch(answered, "{\"status\": \"open\"}").status()).isEqualTo(200);
        String waitingSubject = "Waiting " + UUID.randomUUID();
        String waiting = openId(ticketByEmail(waitingSubject));

        assertThat(patch(waiting, "{\"status\": \"pending\"}").status()).isEqualTo(200);

        // the answered ticket's reminder would have been due before this one
        await().atMost(SENT).until(() -> mailsAbout(waitingSubject).size() == 1);
        assertThat(mailsAbout(answeredSubject)).isEmpty();
    }

    @Test
    void turningRemindersOnFollowsUpTicketsAlreadyWaiting() {
        String subject = "Before " + UUID.randomUUID();
        String ticketId = openId(ticketByEmail(subject));
        assertThat(patch(ticketId, "{\"status\": \"pending\"}").status()).isEqualTo(200);

        assertThat(put(SETTINGS, "{\"enabled\": true, \"intervals_minutes\": [1], \"channels\": [\"email\"]}").status()).isEqualTo(200);

        await().atMost(SENT).until(() -> mailsAbout(subject).size() == 1);
        assertThat(mailsAbout(subject).get(0).to()).extracting(ReceivedMail.Address::address).containsExactly("ticket-" + subject.split(" ")[1] + "@example.com");
    }

    @Test
    void anotherOrganizationsRemindersAreItsOwn() {
        RunningSuite.Organization quiet = suite.createOrganization("Quiet reminders " + UUID.randomUUID());
        assertThat(put(SETTINGS, "{\"enabled\": true, \"intervals_minutes\": [1], \"channels\": [\"email\"]}").status()).isEqualTo(200);
        String quietSubject = "Quiet " + UUID.randomUUID();
        String quietTicket = openId(quiet, ticketByEmail(quietSubject));
        assertThat(patch(quiet, quietTicket, "{\"status\": \"pending\"}").status()).isEqualTo(200);
        String subject = "Loud " + UUID.randomUUID();
        String ticketId = openId(ticketByEmail(subject));

        assertThat(patch(ticketId, "{\"status\": \"pending\"}").status()).isEqualTo(200);

        await().atMost(SENT).until(() -> mailsAbout(subject).size() == 1);
        assertThat(mailsAbout(quietSubject)).as("reminders are off in the other organization").isEmpty();
    }

    private static String ticketByEmail(String subject) {
        return "{\"subject\": \"" + subject + "\", \"description\": \"d\", \"email\": \"ticket-" + subject.split(" ")[1] + "@example.com\"}";
    }

    private List<ReceivedMail> mailsAbout(String subject) {
        return suite.smtp.received().stream().filter(mail -> mail.subject() != null && mail.subject().contains(subject)).toList();
    }

    private List<ReceivedSms> smsTo(String phone) {
        return suite.smsc.received().stream().filter(sms -> sms.to().replace("+", "").equals(phone.substring(1))).toList();
    }

    private List<ReceivedWhatsApp> whatsAppTo(String phone) {
        return suite.inbox.whatsapp().received().stream().filter(message -> message.to().equals(phone)).toList();
    }

    private String createCustomer(String email, String phone) {
        Answer created = suite.post("/external/v1/customers",
                Json.write(Map.of("name", "Rita Reminded", "email", email, "whatsapp_number", phone, "source", "web")),
                "x-api-key", org.apiKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("customer_id").asString();
    }

    private String openId(String body) {
        return openId(org, body);
    }

    private String openId(RunningSuite.Organization owner, String body) {
        Answer created = suite.post(TICKETS, body, "x-api-key", owner.apiKey());
        assertThat(created.status()).as(created.body()).isEqualTo(201);
        return created.json().get("ticket_id").asString();
    }

    private Answer patch(String ticketId, String body) {
        return patch(org, ticketId, body);
    }

    private Answer patch(RunningSuite.Organization owner, String ticketId, String body) {
        return suite.send(HttpRequest.newBuilder(suite.gateway().resolve(TICKETS + "/" + ticketId))
                .header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofString(body)), "x-api-key", owner.apiKey());
    }

    private Answer put(String path, String body) {
        return suite.put(path, body, "x-api-key", org.apiKey());
    }
}
