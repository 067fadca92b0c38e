package io.engagement.customer.conversation;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.PropertyNamingStrategies;
import tools.jackson.databind.json.JsonMapper;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

/** What the WhatsApp webhook takes from Meta's notifications, and the signature it checks first. */
class WhatsAppWebhookTest {

    private static final JsonMapper SERVICES = JsonMapper.builder().propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE).build();

    @Test
    void onlyTextsAreTakenEachWithItsSendersProfileName() {
        WhatsAppNotification notification = SERVICES.readValue("""
                {"object": "whatsapp_business_account", "entry": [{"id": "1", "changes": [
                  {"field": "messages", "value": {"messaging_product": "whatsapp",
                    "metadata": {"display_phone_number": "15550009999", "phone_number_id": "106540352242922"},
                    "contacts": [{"wa_id": "15550001111", "profile": {"name": "Ada"}}],
                    "messages": [
                      {"from": "15550001111", "id": "wamid.A", "timestamp": "1732780800", "type": "text", "text": {"body": "  Hello  "}},
                      {"from": "15550001111", "id": "wamid.B", "timestamp": "1732780801", "type": "image", "image": {"id": "1"}},
                      {"from": "15550002222", "id": "wamid.C", "timestamp": "1732780802", "type": "text", "text": {"body": "   "}},
                      {"from": "15550003333", "id": "wamid.D", "timestamp": "1732780803", "type": "text", "text": {"body": "Hi"}}]}},
                  {"field": "messages", "value": {"messaging_product": "whatsapp",
                    "metadata": {"display_phone_number": "+1 555 000 9999", "phone_number_id": "106540352242922"},
                    "statuses": [{"id": "wamid.E", "status": "delivered"}]}}]}]}""", WhatsAppNotification.class);

        assertThat(notification.texts()).containsExactly(
                new WhatsAppNotification.InboundText("15550009999", "15550001111", "wamid.A", "Ada", "Hello"),
                new WhatsAppNotification.InboundText("15550009999", "15550003333", "wamid.D", null, "Hi"));
    }

    @Test
    void anotherObjectCarriesNoTexts() {
        WhatsAppNotification page = SERVICES.readValue("{\"object\": \"page\", \"entry\": []}", WhatsAppNotification.class);

        assertThat(page.texts()).isEmpty();
    }

    @Test
    void theSignatureIsTheHmacOfTheRawBodyWithTheAppSecret() {
        byte[] body = "{\"object\": \"whatsapp_business_account\"}".getBytes(StandardCharsets.UTF_8);
        String signature = WhatsAppSignature.of(body, "app-secret");

        assertThat(signature).startsWith("sha256=").hasSize(7 + 64);
        assertThat(WhatsAppSignature.verifies(body, signature, "app-secret")).isTrue();
        assertThat(WhatsAppSignature.verifies(body, signature.toUpperCase().replace("SHA256=", "sha256="), "app-secret")).isTrue();
        assertThat(WhatsAppSignature.verifies(body, signature, "another-secret")).isFalse();
        assertThat(WhatsAppSignature.verifies("{}".getBytes(StandardCharsets.UTF_8), signature, "app-secret")).isFalse();
        assertThat(WhatsAppSignature.verifies(body, null, "app-secret")).isFalse();
        assertThat(WhatsAppSignature.verifies(body, signature, null)).as("no secret configured: nothing is trusted").isFalse();
    }
}
