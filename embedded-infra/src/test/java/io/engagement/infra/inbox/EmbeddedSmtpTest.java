package io.engagement.infra.inbox;

import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Instant;
import java.util.List;
import java.util.Properties;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class EmbeddedSmtpTest {

    private EmbeddedSmtp smtp;
    private EmbeddedSmsc smsc;
    private DevInbox inbox;
    private InboxHttp http;

    @BeforeEach
    void start() {
        smtp = EmbeddedSmtp.start(0);
        smsc = EmbeddedSmsc.start(0, "test", "secret");
        inbox = DevInbox.start(0, smtp, smsc);
        http = new InboxHttp(inbox);
    }

    @AfterEach
    void stop() {
        inbox.close();
        smsc.close();
        smtp.close();
    }

    @Test
    void oneTransactionToManyRecipientsIsOneMailWithItsBccFromTheEnvelope() throws Exception {
        MimeMessage message = new MimeMessage(session());
        message.setFrom(new InternetAddress("billing@acme.test", "Acme Billing"));
        message.setRecipients(Message.RecipientType.TO, new InternetAddress[]{
                new InternetAddress("ada@example.test", "Ada Lovelace"), new InternetAddress("alan@example.test")});
        message.setRecipient(Message.RecipientType.CC, new InternetAddress("grace@example.test", "Grace Hopper"));
        message.setRecipient(Message.RecipientType.BCC, new InternetAddress("audit@acme.test"));
        message.setReplyTo(new InternetAddress[]{new InternetAddress("support@acme.test", "Support")});
        message.setSubject("Your invoice – März", "UTF-8");
        message.setHeader("X-Engagement-Message", "msg_42");
        message.setContent(alternative("Hello Ada, your invoice is ready.", "<p>Hello <b>Ada</b>, your invoice is ready.</p>"));
        Instant before = Instant.now();
        Transport.send(message);

        List<ReceivedMail> received = smtp.received();
        assertThat(received).hasSize(1);
        ReceivedMail mail = received.get(0);
        assertThat(mail.id()).hasSize(12);
        assertThat(mail.messageId()).isNotBlank().doesNotContain("<", ">");
        assertThat(mail.from()).isEqualTo(new ReceivedMail.Address("Acme Billing", "billing@acme.test"));
        assertThat(mail.to()).containsExactly(new ReceivedMail.Address("Ada Lovelace", "ada@example.test"),
                new ReceivedMail.Address("", "alan@example.test"));
        assertThat(mail.cc()).containsExactly(new ReceivedMail.Address("Grace Hopper", "grace@example.test"));
        assertThat(mail.bcc()).containsExactly(new ReceivedMail.Address("", "audit@acme.test"));
        assertThat(mail.replyTo()).containsExactly(new ReceivedMail.Address("Support", "support@acme.test"));
        assertThat(mail.subject()).isEqualTo("Your invoice – März");
        assertThat(mail.text()).isEqualTo("Hello Ada, your invoice is ready.");
        assertThat(mail.html()).isEqualTo("<p>Hello <b>Ada</b>, your invoice is ready.</p>");
        assertThat(mail.created()).isAfterOrEqualTo(before.minusSeconds(1));
        assertThat(mail.headers()).containsEntry("X-Engagement-Message", "msg_42").doesNotContainKey("Bcc");

        InboxHttp.Reply list = http.get("/api/v1/messages");
        assertThat(list.status()).isEqualTo(200);
        assertThat(list.contentType()).startsWith("application/json");
        assertThat(list.json().get("total").asInt()).isEqualTo(1);
        assertThat(list.json().get("unread").asInt()).isEqualTo(1);
        assertThat(list.json().get("count").asInt()).isEqualTo(1);
        assertThat(list.json().get("messages_count").asInt()).isEqualTo(1);
        assertThat(list.json().get("start").asInt()).isZero();
        JsonNode summary = list.json().get("messages").get(0);
        assertThat(summary.get("ID").asString()).isEqualTo(mail.id());
        assertThat(summary.get("MessageID").asString()).isEqualTo(mail.messageId());
        assertThat(summary.get("From").get("Name").asString()).isEqualTo("Acme Billing");
        assertThat(summary.get("From").get("Address").asString()).isEqualTo("billing@acme.test");
        assertThat(summary.get("To")).hasSize(2);
        assertThat(summary.get("Cc").get(0).get("Address").asString()).isEqualTo("grace@example.test");
        assertThat(summary.get("Bcc").get(0).get("Address").asString()).isEqualTo("audit@acme.test");
        assertThat(summary.get("ReplyTo").get(0).get("Address").asString()).isEqualTo("support@acme.test");
        assertThat(summary.get("Subject").asString()).isEqualTo("Your invoice – März");
        assertThat(Instant.parse(summary.get("Created").asString())).isAfterOrEqualTo(before.minusSeconds(1));
        assertThat(summary.get("Size").asInt()).isGreaterThan(500);
        assertThat(summary.get("Snippet").asString()).isEqualTo("Hello Ada, your invoice is ready.");

        InboxHttp.Reply one = http.get("/api/v1/message/" + mail.id());
        assertThat(one.status()).isEqualTo(200);
        assertThat(one.json().get("ID").asString()).isEqualTo(mail.id());
        assertThat(one.json().get("Text").asString()).isEqualTo("Hello Ada, your invoice is ready.");
        assertThat(one.json().get("HTML").asString()).isEqualTo("<p>Hello <b>Ada</b>, your invoice is ready.</p>");
        assertThat(one.json().get("Bcc").get(0).get("Address").asString()).isEqualTo("audit@acme.test");
        assertThat(one.json().get("Headers").get("X-Engagement-Message").asString()).isEqualTo("msg_42");
        assertThat(Instant.parse(one.json().get("Date").asString())).isNotNull();
        assertThat(http.get("/api/v1/message/latest").json().get("ID").asString()).isEqualTo(mail.id());
        assertThat(http.get("/api/v1/messages").json().get("unread").asInt()).isZero();
    }

    @Test
    void aSinglePartMailHasOnlyItsOwnBody() throws Exception {
        MimeMessage message = new MimeMessage(session());
        message.setFrom("noreply@acme.test");
        message.setRecipients(Message.RecipientType.TO, "ada@example.test");
        message.setSubject("Plain");
        message.setText("Just text.", "UTF-8");
        Transport.send(message);

        ReceivedMail mail = smtp.received().get(0);
        assertThat(mail.text()).isEqualTo("Just text.");
        assertThat(mail.html()).isEmpty();
        assertThat(mail.bcc()).isEmpty();
        assertThat(mail.replyTo()).isEmpty();
    }

    @Test
    void stoppedItRefusesConnectionsAndStartedAgainItKeepsWhatItHadOnTheSamePort() throws Exception {
        send("before@example.test", "Before");
        int port = smtp.port();

        smtp.stop();
        assertThat(smtp.isRunning()).isFalse();
        assertThatThrownBy(() -> connect(port)).isInstanceOf(ConnectException.class);
        assertThatThrownBy(() -> send("while@example.test", "While")).isInstanceOf(MessagingException.class);
        assertThat(smtp.received()).extracting(ReceivedMail::subject).containsExactly("Before");

        smtp.start();
        assertThat(smtp.port()).isEqualTo(port);
        send("after@example.test", "After");
        assertThat(smtp.received()).extracting(ReceivedMail::subject).containsExactly("Before", "After");
        assertThat(http.get("/api/v1/messages").json().get("messages")).extracting(node -> node.get("Subject").asString())
                .containsExactly("After", "Before");
    }

    @Test
    void deletingTheMessagesEmptiesTheInbox() throws Exception {
        send("ada@example.test", "One");
        send("ada@example.test", "Two");

        InboxHttp.Reply deleted = http.delete("/api/v1/messages");

        assertThat(deleted.status()).isEqualTo(200);
        assertThat(smtp.received()).isEmpty();
        assertThat(http.get("/api/v1/messages").json().get("total").asInt()).isZero();
    }

    private void send(String to, String subject) throws MessagingException {
        MimeMessage message = new MimeMessage(session());
        message.setFrom("noreply@acme.test");
        message.setRecipients(Message.RecipientType.TO, to);
        message.setSubject(subject);
        message.setText(subject + " body");
        Transport.send(message);
    }

    private Session session() {
        Properties properties = new Properties();
        properties.put("mail.smtp.host", "127.0.0.1");
        properties.put("mail.smtp.port", Integer.toString(smtp.port()));
        properties.put("mail.smtp.connectiontimeout", "2000");
        properties.put("mail.smtp.timeout", "5000");
        return Session.getInstance(properties);
    }

    private static MimeMultipart alternative(String text, String html) throws MessagingException {
        MimeBodyPart plain = new MimeBodyPart();
        plain.setText(text, "UTF-8");
        MimeBodyPart rich = new MimeBodyPart();
        rich.setContent(html, "text/html; charset=UTF-8");
        return new MimeMultipart("alternative", plain, rich);
    }

    private static void connect(int port) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 2000);
        }
    }
}
