package io.engagement.platform;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.time.Duration;
import java.util.List;

/**
 * Settings every service shares, under {@code engagement.*}.
 *
 * @param internalToken    how the gateway's internal token is signed and checked
 * @param parentPid        when set, the service ends with this process (the local stack's launcher)
 * @param maxBodySize      the largest request body a handler reads
 * @param retention        how long a retention day lasts
 * @param expiredDocuments how often expired documents are swept where TTL indexes do not work
 */
@ConfigurationProperties("engagement")
public record PlatformProperties(InternalTokenSettings internalToken, Long parentPid, DataSize maxBodySize, Retention retention,
                                 ExpiredDocuments expiredDocuments) {

    public PlatformProperties {
        internalToken = internalToken == null ? new InternalTokenSettings(null, null, true, null) : internalToken;
        maxBodySize = maxBodySize == null ? DataSize.ofMegabytes(1) : maxBodySize;
        retention = retention == null ? new Retention(null) : retention;
        expiredDocuments = expiredDocuments == null ? new ExpiredDocuments(null) : expiredDocuments;
    }

    /**
     * @param dayLength how long a day of the organizations' retention periods lasts (tests shorten
     *                  it to watch data expire)
     */
    public record Retention(Duration dayLength) {

        public Retention {
            dayLength = dayLength == null ? Duration.ofDays(1) : dayLength;
        }
    }

    /**
     * @param sweepInterval how often documents past their expiry are deleted, for databases whose
     *                      TTL indexes do not work (the embedded one)
     */
    public record ExpiredDocuments(Duration sweepInterval) {

        public ExpiredDocuments {
            sweepInterval = sweepInterval == null ? Duration.ofMinutes(10) : sweepInterval;
        }
    }

    /**
     * @param secret    the shared HMAC secret, at least 32 bytes, the same on every service; required
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
