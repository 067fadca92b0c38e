package io.engagement.platform;

import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.env.YamlPropertySourceLoader;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.io.ClassPathResource;

import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * Adds the suite's shared defaults (snake_case JSON, probes, Prometheus, graceful shutdown, the
 * bindings' serializers and back-off) at the lowest precedence, so a service's own configuration and
 * the environment still win; only above the Kafka binder's own defaults, which would make every
 * producer and consumer speak byte arrays.
 */
public class PlatformDefaults implements EnvironmentPostProcessor {

    private static final String RESOURCE = "engagement-platform-defaults.yml";
    /** The property source the Kafka binder adds its defaults in (KafkaBinderEnvironmentPostProcessor). */
    private static final String BINDER_DEFAULTS = "kafkaBinderDefaultProperties";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        try {
            for (PropertySource<?> source : new YamlPropertySourceLoader().load(RESOURCE, new ClassPathResource(RESOURCE))) {
                if (environment.getPropertySources().contains(BINDER_DEFAULTS)) {
                    environment.getPropertySources().addBefore(BINDER_DEFAULTS, source);
                } else {
                    environment.getPropertySources().addLast(source);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
