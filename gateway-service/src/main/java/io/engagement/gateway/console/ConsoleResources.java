package io.engagement.gateway.console;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.Resource;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.web.reactive.config.ResourceHandlerRegistry;
import org.springframework.web.reactive.config.WebFluxConfigurer;
import org.springframework.web.reactive.function.server.RouterFunction;
import org.springframework.web.reactive.function.server.ServerResponse;
import org.springframework.web.reactive.resource.LiteWebJarsResourceResolver;

import java.net.URI;
import java.time.Duration;

import static org.springframework.web.reactive.function.server.RequestPredicates.GET;
import static org.springframework.web.reactive.function.server.RouterFunctions.route;

/**
 * The web console: static files under {@code /console/}, served without a key (the page asks for
 * a data key and sends it to the public API like any other client). Its libraries are served from
 * their WebJars under {@code /console/lib/}, named without their version, which the root pom pins.
 * None of these paths is a gateway route, so the key, rate-limit and size filters never see them.
 */
@Configuration(proxyBeanMethods = false)
class ConsoleResources implements WebFluxConfigurer {

    static final String BASE = "/console/";
    private static final String LOCATION = "classpath:/console/";
    private static final String WEBJARS = "classpath:/META-INF/resources/webjars/";
    /** The browser module's bundles (all of them public scripts); the console loads its replay player from there. */
    private static final String BUNDLES = "classpath:/browser/";

    @Override
    public void addResourceHandlers(ResourceHandlerRegistry registry) {
        // WebJar files change only with the pinned version, so browsers may keep them a day
        registry.addResourceHandler(BASE + "lib/**")
                .addResourceLocations(WEBJARS)
                .setCacheControl(CacheControl.maxAge(Duration.ofDays(1)))
                .resourceChain(true)
                .addResolver(new LiteWebJarsResourceResolver());
        registry.addResourceHandler(BASE + "browser/**")
                .addResourceLocations(BUNDLES)
                .setCacheControl(CacheControl.noCache());
        // the console's own modules are not versioned: the browser revalidates them on every load
        registry.addResourceHandler(BASE + "**")
                .addResourceLocations(LOCATION)
                .setCacheControl(CacheControl.noCache());
    }

    @Bean
    RouterFunction<ServerResponse> consoleIndex() {
        Resource index = new ClassPathResource("console/index.html");
        return route(GET("/console"), request -> ServerResponse.permanentRedirect(URI.create(BASE)).build())
                .andRoute(GET(BASE), request -> ServerResponse.ok()
                        .contentType(MediaType.TEXT_HTML)
                        .cacheControl(CacheControl.noCache())
                        .bodyValue(index));
    }
}
