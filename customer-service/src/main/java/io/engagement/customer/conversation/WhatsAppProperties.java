package io.engagement.customer.conversation;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

import java.time.Duration;

/**
 * WhatsApp conversations.
 *
 * @param appSecret   the Meta app's secret, which signs every webhook ({@code ENGAGEMENT_WHATSAPP_APP_SECRET});
 *                    unset, every webhook is refused ({@code ./run.sh} makes one and keeps it in credentials.json)
 * @param verifyToken what the webhook's subscription handshake must name ({@code ENGAGEMENT_WHATSAPP_VERIFY_TOKEN});
 *                    unset, every handshake is refused
 * @param sendTimeout how long a reply waits for the messaging service to take it (then 503, nothing stored)
 */
@ConfigurationProperties("engagement.whatsapp")
record WhatsAppProperties(String appSecret, String verifyToken, @DefaultValue("PT5S") Duration sendTimeout) {
}
