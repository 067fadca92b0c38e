package io.engagement.infra.inbox;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

import java.net.URI;
import java.net.http.HttpRequest;

import static org.assertj.core.api.Assertions.assertThat;

class WhatsAppInboxTest {

    private static EmbeddedSmtp smtp;
    private static EmbeddedSmsc smsc;
    private static DevInbox inbox;
    private static InboxHttp http;

    @BeforeAll
    static void start() {
        smtp = EmbeddedSmtp.start(0);
        smsc = EmbeddedSmsc.start(0, "test", "secret");
        inbox = DevInbox.start(0, smtp, smsc);
        http = new InboxHttp(inbox);
    }

    @AfterAll
    static void stop() {
        inbox.close();
        smsc.close();
        smtp.close();
    }

    @Test
    void aCloudApiTextIsAnsweredWithItsIdAndListedNewestFirst() {
        InboxHttp.Reply first = post("/15550001111/messages", "Bearer t",
                "{\"messaging_product\": \"whatsapp\", \"to\": \"+12015550100\", \"type\": \"text\", \"text\": {\"body\": \"one\"}}");
        InboxHttp.Reply second = post("/15550001111/messages", "Bearer t",
                "{\"messaging_product\": \"whatsapp\", \"to\": \"+12015550101\", \"type\": \"text\", \"text\": {\"body\": \"two\"}}");

        assertThat(first.status()).isEqualTo(200);
        assertThat(first.json().at("/messages/0/id").asString()).startsWith("wamid.");
        assertThat(first.json().at("/contacts/0/wa_id").asString()).isEqualTo("12015550100");
        JsonNode listed = http.get("/api/v1/whatsapp?limit=1").json();
        assertThat(listed.get("total").asInt()).isGreaterThanOrEqualTo(2);
        assertThat(listed.at("/messages/0/id").asString()).isEqualTo(second.json().at("/messages/0/id").asString());
        assertThat(listed.at("/messages/0/message").asString()).isEqualTo("two");
        assertThat(listed.at("/messages/0/phone_number_id").asString()).isEqualTo("15550001111");
        assertThat(inbox.whatsapp().received()).extracting(ReceivedWhatsApp::message).contains("one", "two");
    }

    @Test
    void aRequestWithoutABearerTokenOrNotATextIsRefused() {
        String text = "{\"messaging_product\": \"whatsapp\", \"to\": \"+12015550100\", \"type\": \"text\", \"text\": {\"body\": \"x\"}}";

        assertThat(post("/1/messages", null, text).status()).isEqualTo(401);
        assertThat(post("/1/messages", "Bearer t", "{\"messaging_product\": \"whatsapp\", \"type\": \"image\"}").status()).isEqualTo(400);
        assertThat(post("/1/messages", "Bearer t", "not json").status()).isEqualTo(400);
        assertThat(post("/1/media", "Bearer t", text).status()).isEqualTo(404);
    }

    private InboxHttp.Reply post(String path, String authorization, String body) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(inbox.whatsAppBaseUrl() + path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return http.send(request);
    }
}
