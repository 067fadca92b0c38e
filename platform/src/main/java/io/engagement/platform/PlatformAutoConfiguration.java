package io.engagement.platform;

import io.engagement.platform.apidocs.DeclaredErrorAnswers;
import io.engagement.platform.auth.InternalToken;
import io.engagement.platform.binding.BindingContainers;
import io.engagement.platform.binding.DeadLetterPolicy;
import io.engagement.platform.binding.ReceivedRecords;
import com.mongodb.MongoClientSettings;
import com.mongodb.connection.TransportSettings;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.springframework.cloud.stream.binder.kafka.ListenerContainerWithDlqAndRetryCustomizer;
import org.springframework.kafka.support.converter.BatchMessagingMessageConverter;
import org.springframework.kafka.support.converter.MessagingMessageConverter;
import io.engagement.platform.auth.InternalTokenFilter;
import io.engagement.platform.event.OrganizationPolicies;
import io.engagement.platform.auth.VerifiedTokens;
import io.engagement.platform.error.ContractErrorHandler;
import io.engagement.platform.health.MongoPingHealthIndicator;
import io.engagement.platform.id.IdSequences;
import io.engagement.platform.lifecycle.ParentProcessWatch;
import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.lifecycle.StartupWorkRunner;
import io.engagement.platform.trace.RecordTracing;
import io.micrometer.tracing.Tracer;
import io.micrometer.tracing.propagation.Propagator;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.swagger.v3.core.jackson.ModelResolver;
import org.springdoc.core.providers.ObjectMapperProvider;
import org.springframework.beans.factory.ObjectProvider;
import io.engagement.platform.validation.JsonBodyReader;
import io.engagement.platform.settings.SettingsResources;
import io.engagement.platform.store.ExpiredDocumentSweeper;
import io.engagement.platform.store.ExpiringCollection;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.boot.mongodb.autoconfigure.MongoClientSettingsBuilderCustomizer;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.audit.AuditTrail;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.stream.OverflowLast;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Configuration;
import org.springframework.kafka.core.KafkaTemplate;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.annotation.Order;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.StreamWriteFeature;
import tools.jackson.databind.ObjectMapper;

import java.time.Clock;

/** What every service of the suite gets by depending on {@code platform}. */
@AutoConfiguration(
        afterName = {
                "org.springframework.boot.jackson.autoconfigure.JacksonAutoConfiguration",
                "org.springframework.boot.data.mongodb.autoconfigure.DataMongoReactiveAutoConfiguration",
                "org.springframework.boot.kafka.autoconfigure.KafkaAutoConfiguration",
                "org.springframework.boot.micrometer.tracing.opentelemetry.autoconfigure.OpenTelemetryTracingAutoConfiguration"},
        beforeName = "org.springframework.boot.mongodb.autoconfigure.health.MongoReactiveHealthContributorAutoConfiguration")
@EnableConfigurationProperties(PlatformProperties.class)
public class PlatformAutoConfiguration {

    /** Ahead of Spring Boot's error handler (-1), so no failure is answered in another shape. */
    @Bean
    @Order(-2)
    ContractErrorHandler contractErrorHandler(ObjectMapper json) {
        return new ContractErrorHandler(json);
    }

    /**
     * Jackson's own double writer and parser (Schubfach, FastDoubleParser) for every JSON the
     * service reads and writes: Java 17's {@code Double.toString} alone was 3.5 % of the analytics
     * service's profile samples while it published telemetry (ADR 0014). Both give the same value back.
     */
    @Bean
    JsonMapperBuilderCustomizer fastDoubles() {
        return json -> json.enable(StreamWriteFeature.USE_FAST_DOUBLE_WRITER).enable(StreamReadFeature.USE_FAST_DOUBLE_PARSER);
    }

    @Bean
    JsonBodyReader jsonBodyReader(ObjectMapper json, PlatformProperties properties) {
        return new JsonBodyReader(json, (int) properties.maxBodySize().toBytes());
    }

    @Bean
    InternalToken internalToken(PlatformProperties properties) {
        var settings = properties.internalToken();
        return new InternalToken(settings.secret(), settings.lifetime(), Clock.systemUTC());
    }

    @Bean
    @ConditionalOnProperty(name = "engagement.internal-token.enforce", havingValue = "true", matchIfMissing = true)
    InternalTokenFilter internalTokenFilter(InternalToken tokens, PlatformProperties properties,
                                            ObjectProvider<OrganizationPolicies> policies) {
        OrganizationPolicies followed = policies.getIfAvailable();
        return new InternalTokenFilter(new VerifiedTokens(tokens), properties.internalToken().openPaths(),
                followed == null ? context -> { } : followed::observe);
    }

    @Bean
    @ConditionalOnBean(ReactiveMongoTemplate.class)
    IdSequences idSequences(ReactiveMongoTemplate mongo) {
        return new IdSequences(mongo);
    }

    /** Every {@link ExpiringCollection} of the service; the sweep matters only where TTL indexes do not work. */
    @Bean
    @ConditionalOnBean(ReactiveMongoTemplate.class)
    ExpiredDocumentSweeper expiredDocumentSweeper(ReactiveMongoTemplate mongo, ObjectProvider<ExpiringCollection> collections,
                                                  PlatformProperties properties) {
        return new ExpiredDocumentSweeper(mongo, collections.orderedStream().toList(), properties.expiredDocuments().sweepInterval());
    }

    /**
     * The reactive driver's own transport (asynchronous socket channels), not the Netty one Spring
     * Boot picks whenever Netty is on the classpath: it encodes documents into heap buffers with
     * array copies, where Netty's buffers take each string byte by byte (ADR 0014). A
     * {@link MongoClientSettings} bean that names a transport of its own keeps it.
     */
    @Bean
    MongoClientSettingsBuilderCustomizer mongoAsyncTransport(ObjectProvider<MongoClientSettings> settings) {
        return builder -> {
            MongoClientSettings declared = settings.getIfAvailable();
            if (declared == null || declared.getTransportSettings() == null) {
                builder.transportSettings(TransportSettings.asyncBuilder().build());
            }
        };
    }

    /** Named so Spring Boot's own Mongo indicator, which sends {@code hello}, backs off. */
    @Bean("mongoHealthContributor")
    @ConditionalOnBean(ReactiveMongoTemplate.class)
    MongoPingHealthIndicator mongoHealthIndicator(ReactiveMongoTemplate mongo) {
        return new MongoPingHealthIndicator(mongo);
    }

    /** Event publishing, for the services that have Kafka on their classpath. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(KafkaTemplate.class)
    static class Events {

        @Bean
        RecordTracing recordTracing(ObjectProvider<Tracer> tracer, ObjectProvider<Propagator> propagator) {
            return new RecordTracing(tracer.getIfAvailable(() -> Tracer.NOOP), propagator.getIfAvailable(() -> Propagator.NOOP));
        }

        @Bean
        EventReader eventReader(ObjectMapper json) {
            return new EventReader(json);
        }

        @Bean
        @ConditionalOnBean(KafkaTemplate.class)
        EventPublisher eventPublisher(KafkaTemplate<String, String> kafka, ObjectMapper json, RecordTracing tracing) {
            return new EventPublisher(kafka, json, tracing);
        }

        @Bean
        @ConditionalOnBean(EventPublisher.class)
        AuditTrail auditTrail(EventPublisher publisher) {
            return new AuditTrail(publisher, Clock.systemUTC());
        }

        @Bean
        @ConditionalOnBean({KafkaTemplate.class, ReactiveMongoTemplate.class})
        DocumentOutbox documentOutbox(ReactiveMongoTemplate mongo, EventPublisher publisher) {
            return new DocumentOutbox(mongo, publisher);
        }

        @Bean
        @ConditionalOnBean(DocumentOutbox.class)
        SettingsResources settingsResources(ReactiveMongoTemplate mongo, DocumentOutbox outbox, ObjectMapper json, JsonBodyReader bodies,
                                            ObjectProvider<AuditTrail> audit) {
            return new SettingsResources(mongo, outbox, json, bodies, audit.getIfAvailable());
        }
    }

    /** What every Spring Cloud Stream binding of the suite shares: its dead-letter policy, and records as received. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(ListenerContainerWithDlqAndRetryCustomizer.class)
    static class Bindings {

        @Bean
        BindingContainers bindingContainers() {
            return new BindingContainers();
        }

        @Bean
        @ConditionalOnBean(KafkaTemplate.class)
        DeadLetterPolicy deadLetterPolicy(KafkaTemplate<String, String> kafka, ObjectProvider<MeterRegistry> meters,
                                          BindingContainers containers) {
            return new DeadLetterPolicy(kafka, meters.getIfAvailable(SimpleMeterRegistry::new), containers);
        }

        @Bean(ReceivedRecords.RECORD)
        MessagingMessageConverter receivedRecord() {
            return ReceivedRecords.recordConverter();
        }

        @Bean(ReceivedRecords.BATCH)
        BatchMessagingMessageConverter receivedRecords() {
            return ReceivedRecords.batchConverter();
        }
    }

    /** For the services that run Kafka Streams topologies over telemetry. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(name = "org.apache.kafka.streams.StreamsBuilder")
    static class Streams {

        @Bean(OverflowLast.BEAN)
        OverflowLast overflowLast() {
            return new OverflowLast();
        }
    }

    /** What springdoc needs to describe the services' operations as they answer. */
    @Configuration(proxyBeanMethods = false)
    @ConditionalOnClass(ObjectMapperProvider.class)
    static class ApiDocs {

        /**
         * The services write snake_case JSON with Jackson 3; springdoc reads models with its own
         * Jackson 2 mapper, which is told the same naming here.
         */
        @Bean
        ModelResolver snakeCaseModelResolver(ObjectMapperProvider mappers) {
            return new ModelResolver(mappers.jsonMapper().copy().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE));
        }

        @Bean
        DeclaredErrorAnswers declaredErrorAnswers() {
            return new DeclaredErrorAnswers();
        }
    }

    @Bean
    StartupWorkRunner startupWorkRunner(ObjectProvider<StartupWork> work) {
        return new StartupWorkRunner(work.orderedStream().toList());
    }

    @Bean
    @ConditionalOnProperty("engagement.parent-pid")
    ApplicationRunner parentProcessWatch(PlatformProperties properties, ApplicationContext context) {
        return arguments -> ParentProcessWatch.watch(properties.parentPid(), context);
    }
}
