package io.engagement.customer.bot;

import io.engagement.platform.net.AddressGuard;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(BotSettings.class)
class BotConfiguration {

    /** The crawler's SSRF guard: checked when a website is added, and on every connection the crawler makes. */
    @Bean
    AddressGuard crawlerGuard(BotSettings settings) {
        return new AddressGuard(settings.allowLoopback(), settings.allowPrivate(), "the crawler");
    }

    @Bean
    WebsiteCrawler websiteCrawler(AddressGuard crawlerGuard, BotSettings settings) {
        return new WebsiteCrawler(crawlerGuard, settings);
    }
}
