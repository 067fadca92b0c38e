package io.engagement.infra.inbox;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.MimeMessage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpRequest;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;

class DevInboxTest {

    private static EmbeddedSmtp smtp;
    private static EmbeddedSmsc smsc;
    private static DevInbox inbox;
    private static InboxHttp http;

    @BeforeAll
    static void sendSevenMails() throws MessagingException {
        smtp = EmbeddedSmtp.start(0);
        smsc = EmbeddedSmsc.start(0, "test", "secret");
        inbox = DevInbox.start(0, smtp, smsc);
        http = new InboxHttp(inbox);
        Properties properties = new Properties();
        properties.put("mail.smtp.host", "127.0.0.1");
        properties.put("mail.smtp.port", Integer.toString(smtp.port()));
        Session session = Session.getInstance(properties);
        for (int i = 1; i <= 7; i++) {
            MimeMessage message = new MimeMessage(session);
            message.setFrom("noreply@acme.test");
            message.setRecipients(Message.RecipientType.TO, "user" + i + "@example.test");
            message.setSubject("Mail " + i);
            message.setText("Body " + i);
            Transport.send(message);
        }
    }

    @AfterAll
    static void stop() {
        inbox.close();
        smsc.close();
        smtp.close();
    }

    @Test
    void pagesAreWindowsOnTheNewestFirst() {
        JsonNode page = http.get("/api/v1/messages?start=2&limit=3").json();

        assertThat(page.get("total").asInt()).isEqualTo(7);
        assertThat(page.get("messages_count").asInt()).isEqualTo(7);
        assertThat(page.get("count").asInt()).isEqualTo(3);
        assertThat(page.get("start").asInt()).isEqualTo(2);
        assertThat(page.get("messages")).extracting(node -> node.get("Subject").asString())
                .containsExactly("Mail 5", "Mail 4", "Mail 3");
    }

    @Test
    void withoutParametersThePageStartsAtTheNewestAndHoldsFifty() {
        JsonNode page = http.get("/api/v1/messages").json();

        assertThat(page.get("start").asInt()).isZero();
        assertThat(page.get("count").asInt()).isEqualTo(7);
        assertThat(page.get("messages").get(0).get("Subject").asString()).isEqualTo("Mail 7");
    }

    @Test
    void aPageBeyondTheEndIsEmpty() {
        JsonNode page = http.get("/api/v1/messages?start=7&limit=1000").json();

        assertThat(page.get("total").asInt()).isEqualTo(7);
        assertThat(page.get("count").asInt()).isZero();
        assertThat(page.get("messages")).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"start=-1", "start=abc", "start=", "limit=0", "limit=1001", "limit=-5", "limit=2.5", "limit=99999999999", "limit=%31%30%30%31"})
    void anInvalidWindowIsABadRequest(String query) {
        InboxHttp.Reply mail = http.get("/api/v1/messages?" + query);
        InboxHttp.Reply sms = http.get("/api/v1/sms?" + query);

        assertThat(mail.status()).isEqualTo(400);
        assertThat(mail.contentType()).startsWith("application/json");
        assertThat(mail.json().get("error").asString()).isNotBlank();
        assertThat(sms.status()).isEqualTo(400);
    }

    @Test
    void anUnknownMessageIsNotFound() {
        InboxHttp.Reply reply = http.get("/api/v1/message/nope");

        assertThat(reply.status()).isEqualTo(404);
        assertThat(reply.json().get("error").asString()).isEqualTo("message not found");
    }

    @Test
    void anythingElseIsNotFoundInJson() {
        InboxHttp.Reply unknownPath = http.get("/api/v2/messages");
        InboxHttp.Reply wrongMethod = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + inbox.port() + "/api/v1/messages"))
                .POST(HttpRequest.BodyPublishers.ofString("{}")));

        assertThat(unknownPath.status()).isEqualTo(404);
        assertThat(unknownPath.contentType()).startsWith("application/json");
        assertThat(unknownPath.json().get("error").asString()).isNotBlank();
        assertThat(wrongMethod.status()).isEqualTo(404);
    }
}
