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
 * Adds the suite's shared defaults (snake_case JSON, probes, Prometheus, graceful shutdown) at the
 * lowest precedence, so a service's own configuration and the environment still win.
 */
public class PlatformDefaults implements EnvironmentPostProcessor {

    private static final String RESOURCE = "engagement-platform-defaults.yml";

    @Override
    public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
        try {
            for (PropertySource<?> source : new YamlPropertySourceLoader().load(RESOURCE, new ClassPathResource(RESOURCE))) {
                environment.getPropertySources().addLast(source);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
