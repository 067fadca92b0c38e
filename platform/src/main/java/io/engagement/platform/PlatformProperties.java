package io.engagement.platform;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.List;

/**
 * Settings every service shares, under {@code engagement.*}.
 *
 * @param internalToken how the gateway's internal token is signed and checked
 * @param parentPid     when set, the service ends with this process (the local stack's launcher)
 * @param maxBodySize   the largest request body a handler reads
 */
@ConfigurationProperties("engagement")
public record PlatformProperties(InternalTokenSettings internalToken, Long parentPid, DataSize maxBodySize) {

    public PlatformProperties {
        internalToken = internalToken == null ? new InternalTokenSettings(null, null, true, null) : internalToken;
        maxBodySize = maxBodySize == null ? DataSize.ofMegabytes(1) : maxBodySize;
    }

    /**
     * @param secret    the shared HMAC secret, at least 32 bytes
     * @param lifetime  how long a minted token is valid
     * @param enforce   whether this application rejects requests without a token (false only on the gateway)
     * @param openPaths paths that need no token
     */
    public record InternalTokenSettings(String secret, Duration lifetime, boolean enforce, List<String> openPaths) {

        public InternalTokenSettings {
            lifetime = lifetime == null ? Duration.ofSeconds(60) : lifetime;
            openPaths = openPaths == null ? List.of("/actuator", "/actuator/**", "/v3/api-docs") : List.copyOf(openPaths);
        }
    }
}
