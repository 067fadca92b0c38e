package io.engagement.gateway;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;
import org.springframework.context.annotation.Bean;

import java.time.Clock;

/** The only door into the suite: authenticates keys, routes to the owning service, guards it. */
@SpringBootApplication
@ConfigurationPropertiesScan
public class GatewayApplication {

    /** The time every feature reads, so a test can set it. */
    @Bean
    Clock clock() {
        return Clock.systemUTC();
    }

    public static void main(String[] args) {
        SpringApplication.run(GatewayApplication.class, args);
    }
}
