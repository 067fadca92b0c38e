package io.engagement.gateway.apidocs;

import org.springframework.boot.context.properties.ConfigurationProperties;

import java.time.Duration;

/**
 * How the gateway gathers the services' OpenAPI documents.
 *
 * @param fetchTimeout how long one service may take to answer its document
 * @param refreshAfter how long a fetched document is served before it is asked for again
 */
@ConfigurationProperties("engagement.api-docs")
record ApiDocsProperties(Duration fetchTimeout, Duration refreshAfter) {

    ApiDocsProperties {
        fetchTimeout = fetchTimeout == null ? Duration.ofSeconds(5) : fetchTimeout;
        refreshAfter = refreshAfter == null ? Duration.ofMinutes(1) : refreshAfter;
    }
}
