package io.engagement.customer.bot;

import io.engagement.platform.event.Topics;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.settings.SettingsKind;
import io.engagement.platform.settings.SettingsResources;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The bot settings, kept beside the answers they steer; changes on {@code engagement.customer.v1}.
 * An organization starts from the installation's {@code engagement.bot.answer-threshold}.
 */
@Configuration(proxyBeanMethods = false)
class BotAnswerSettingsConfiguration {

    static SettingsKind<BotAnswerSettings> kind(BotSettings installation) {
        return new SettingsKind<>("bot", "bot_settings", Topics.CUSTOMER, BotAnswerSettings.SCHEMA, BotAnswerSettings.class,
                new BotAnswerSettings(installation.answerThreshold()));
    }

    @Bean
    OrganizationSettings<BotAnswerSettings> botAnswerSettings(SettingsResources resources, BotSettings installation) {
        return resources.of(kind(installation));
    }
}
