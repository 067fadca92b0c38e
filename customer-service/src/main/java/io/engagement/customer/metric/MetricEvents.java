package io.engagement.customer.metric;

import io.engagement.platform.event.DocumentOutbox;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.Topics;
import org.bson.Document;
import org.springframework.stereotype.Component;

import java.util.List;

import static io.engagement.platform.store.Documents.longOf;

/**
 * {@code metric.defined} keyed {@code org:metric_id}, and {@code company_metric.set} keyed
 * {@code org:company_id} (so one company's changes keep their order), on {@code engagement.customer.v1}.
 */
@Component
class MetricEvents {

    static final String DEFINED = "metric.defined";
    static final String VALUE_SET = "company_metric.set";

    private final DocumentOutbox outbox;

    MetricEvents(DocumentOutbox outbox) {
        this.outbox = outbox;
    }

    void defined(Document written) {
        outbox.publish(MetricStore.DEFINITIONS, List.of(written), MetricEvents::definitionEvent);
    }

    void valueSet(Document written) {
        outbox.publish(MetricStore.VALUES, List.of(written), MetricEvents::valueEvent);
    }

    void recoverPending() {
        outbox.recover(MetricStore.DEFINITIONS, MetricEvents::definitionEvent)
                .then(outbox.recover(MetricStore.VALUES, MetricEvents::valueEvent))
                .block();
    }

    private static DocumentOutbox.Event definitionEvent(Document document) {
        MetricDefinition definition = MetricStore.definitionOf(document);
        return new DocumentOutbox.Event(Topics.CUSTOMER, EventEnvelope.key(definition.organizationId(), definition.metricId()),
                DocumentOutbox.eventOf(document, definition.organizationId(), definition));
    }

    private static DocumentOutbox.Event valueEvent(Document document) {
        long organizationId = longOf(document, "organization_id");
        return new DocumentOutbox.Event(Topics.CUSTOMER, EventEnvelope.key(organizationId, document.getString("company_public_id")),
                DocumentOutbox.eventOf(document, organizationId, MetricStore.valueOf(document)));
    }
}
