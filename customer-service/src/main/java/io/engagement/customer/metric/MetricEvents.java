package io.engagement.customer.metric;

import io.engagement.platform.event.CompanyMetricSet;
import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EntityOutbox;
import io.engagement.platform.event.MetricDefined;
import io.engagement.platform.event.Topics;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@link MetricDefined} keyed {@code org:metric_id}, and {@link CompanyMetricSet} keyed
 * {@code org:company_id} (the company's public id, so one company's changes keep their order), on
 * {@code engagement.customer.v1}.
 */
@Configuration(proxyBeanMethods = false)
class MetricEvents {

    @Bean
    EntityOutbox<MetricDefined> metricDefinitionOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, MetricStore.DEFINITIONS, Topics.CUSTOMER, document -> {
            MetricDefinition definition = MetricStore.definitionOf(document);
            return new EntityOutbox.Entity<>(definition.organizationId(), definition.metricId(), defined(definition));
        });
    }

    @Bean
    EntityOutbox<CompanyMetricSet> companyMetricOutbox(DocumentOutbox outbox) {
        return new EntityOutbox<>(outbox, MetricStore.VALUES, Topics.CUSTOMER, document -> new EntityOutbox.Entity<>(
                longOf(document, "organization_id"), document.getString("company_public_id"), set(MetricStore.valueOf(document))));
    }

    /** The event of a definition as stored. */
    static MetricDefined defined(MetricDefinition definition) {
        return new MetricDefined(definition.id(), definition.metricId(), definition.name(), definition.description(),
                definition.dataType(), definition.organizationId(), definition.timeCreated(), definition.timeUpdated());
    }

    /** The event of a company's value as stored. */
    static CompanyMetricSet set(MetricValue value) {
        return new CompanyMetricSet(value.id(), value.companyId(), value.metricId(), value.metricName(), value.dataType(),
                value.value(), value.timeCreated(), value.timeUpdated());
    }
}
