package io.engagement.messaging.whatsapp;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The WhatsApp connection as a settings resource: one per organization, disconnected until a number
 * is connected, each change {@code settings.whatsapp.changed} on {@code engagement.messaging-settings.v1}.
 */
@Configuration(proxyBeanMethods = false)
class WhatsAppConnectionConfiguration {

    static final SettingsKind<WhatsAppConnection> KIND = new SettingsKind<>("whatsapp", "whatsapp_connections",
            Topics.MESSAGING_SETTINGS, WhatsAppConnection.CONNECT, WhatsAppConnection.class, WhatsAppConnection.DISCONNECTED);

    @Bean
    OrganizationSettings<WhatsAppConnection> whatsAppConnections(SettingsResources resources) {
        return resources.of(KIND);
    }
}
