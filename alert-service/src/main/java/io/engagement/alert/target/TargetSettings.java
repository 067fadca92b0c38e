package io.engagement.alert.target;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Which addresses alert deliveries may reach over HTTP (webhook, team workspace and push targets).
 * Link-local (cloud metadata), unspecified and multicast addresses are never reached.
 *
 * @param allowLoopback allow webhook, team-workspace and push targets on 127.0.0.0/8 and ::1 ({@code ./run.sh}
 *                      and the system tests allow it)
 * @param allowPrivate  allow RFC 1918, 100.64.0.0/10 and fc00::/7 (a receiver on the same private network)
 */
@ConfigurationProperties("engagement.alert.targets")
public record TargetSettings(boolean allowLoopback, boolean allowPrivate) {
}
