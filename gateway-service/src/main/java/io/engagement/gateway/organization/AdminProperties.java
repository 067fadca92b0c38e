package io.engagement.gateway.organization;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * @param token the admin API's token ({@code X-Admin-Token}), at least 16 characters; no default,
 *              so a gateway never starts with a token anyone could guess
 */
@ConfigurationProperties("engagement.admin")
record AdminProperties(String token) {
}
