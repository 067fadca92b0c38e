package io.engagement.customer.metric;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link MetricDefined} keyed {@code org:metric_id}, and {@link CompanyMetricSet} keyed
 * {@code org:company_id} (so one company's changes keep their order), on {@code engagement.customer.v1}.
 */
@Configuration(proxyBeanMethods = false)
class MetricEvents {

    @Bean
    EntityOutbox<MetricDefined> metricDefinitionOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, MetricStore.DEFINITIONS, Topics.CUSTOMER, document -> {
            MetricDefinition definition = MetricStore.definitionOf(document);
            return new EntityOutbox.Entity<>(definition.organizationId(), definition.metricId(), new MetricDefined(definition));
        });
    }

    @Bean
    EntityOutbox<CompanyMetricSet> companyMetricOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, MetricStore.VALUES, Topics.CUSTOMER, document -> new EntityOutbox.Entity<>(
                longOf(document, "organization_id"), document.getString("company_public_id"), new CompanyMetricSet(MetricStore.valueOf(document))));
    }
}
