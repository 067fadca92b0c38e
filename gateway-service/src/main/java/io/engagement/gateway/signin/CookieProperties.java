package io.engagement.gateway.signin;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The session cookie ({@code engagement.cookie}).
 *
 * @param secure mark the cookies {@code Secure} on every answer ({@code ENGAGEMENT_COOKIE_SECURE=true}
 *               behind a proxy that ends TLS); without it they are {@code Secure} when the request came over https
 */
@ConfigurationProperties("engagement.cookie")
record CookieProperties(boolean secure) {
}
