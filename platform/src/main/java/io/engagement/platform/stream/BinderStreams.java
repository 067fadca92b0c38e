package io.engagement.platform.stream;

import io.micrometer.core.instrument.MeterRegistry;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.context.annotation.Bean;
import org.springframework.kafka.config.StreamsBuilderFactoryBean;
import org.springframework.kafka.config.StreamsBuilderFactoryBeanConfigurer;
import org.springframework.kafka.streams.KafkaStreamsMicrometerListener;

/**
 * What every Kafka Streams topology of the suite gets from the Kafka Streams binder besides its
 * configuration (application.yml): a failed stream thread is replaced instead of the client shut
 * down, and the topology's client metrics on /actuator/prometheus tagged {@code spring_id} with its
 * application id, as the listeners' clients are tagged with their id.
 */
@AutoConfiguration(beforeName = "org.springframework.cloud.stream.binder.kafka.streams.KafkaStreamsBinderSupportAutoConfiguration")
@ConditionalOnClass(name = "org.springframework.cloud.stream.binder.kafka.streams.KafkaStreamsRegistry")
public class BinderStreams {

    private static final Logger log = LoggerFactory.getLogger(BinderStreams.class);

    /**
     * The binder shuts a client down on an uncaught exception; a topology here replaces the failed
     * thread, which resumes from the last commit (exactly-once), so one poison pill or a broker
     * blip does not stop processing until a restart. On shutdown a client has 15 s to commit and
     * close its stores, not the factory's 10.
     */
    @Bean
    StreamsBuilderFactoryBeanConfigurer replaceFailedStreamThreads() {
        return factoryBean -> {
            String applicationId = applicationIdOf(factoryBean);
            factoryBean.setKafkaStreamsCustomizer(streams -> streams.setUncaughtExceptionHandler(failure -> {
                log.error("Kafka Streams application {} failed; replacing the stream thread", applicationId, failure);
                return StreamThreadExceptionResponse.REPLACE_THREAD;
            }));
            factoryBean.setCloseTimeout(15);
        };
    }

    /**
     * Takes the place of the binder's listener of the same name, which tags a topology's metrics
     * with the binder's bean name ({@code stream-builder-<function>}); Prometheus takes one name
     * only with one set of tag keys, so they keep {@code spring_id}, with the application id.
     */
    @Bean
    KafkaStreamsMicrometerListener binderStreamsListener(MeterRegistry meters, ListableBeanFactory beans) {
        return new KafkaStreamsMicrometerListener(meters) {

            @Override
            public synchronized void streamsAdded(String id, KafkaStreams streams) {
                super.streamsAdded(applicationIdOf(beans, id), streams);
            }

            @Override
            public synchronized void streamsRemoved(String id, KafkaStreams streams) {
                super.streamsRemoved(applicationIdOf(beans, id), streams);
            }
        };
    }

    private static String applicationIdOf(StreamsBuilderFactoryBean factoryBean) {
        return factoryBean.getStreamsConfiguration() == null ? null
                : factoryBean.getStreamsConfiguration().getProperty(StreamsConfig.APPLICATION_ID_CONFIG);
    }

    /** The listener is told the factory bean's name. */
    private static String applicationIdOf(ListableBeanFactory beans, String factoryBeanName) {
        String name = BeanFactory.FACTORY_BEAN_PREFIX + factoryBeanName;
        if (beans.containsBean(name) && beans.getBean(name) instanceof StreamsBuilderFactoryBean factoryBean) {
            String applicationId = applicationIdOf(factoryBean);
            return applicationId == null ? factoryBeanName : applicationId;
        }
        return factoryBeanName;
    }
}
