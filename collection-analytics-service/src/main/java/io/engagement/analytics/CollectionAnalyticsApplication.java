package io.engagement.analytics;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** Telemetry ingest, page registry, page collections and their analytics. */
@SpringBootApplication
public class CollectionAnalyticsApplication {

    public static void main(String[] args) {
        SpringApplication.run(CollectionAnalyticsApplication.class, args);
    }
}
