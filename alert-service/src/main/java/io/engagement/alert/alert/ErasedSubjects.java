package io.engagement.alert.alert;

import io.engagement.platform.event.CustomerErased;
import io.engagement.platform.event.FollowerListener;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.stereotype.Component;
import tools.jackson.databind.ObjectMapper;

/** Forgets an erased customer in the alerts raised about them; the alerts and their counts stay. */
@Component
class ErasedSubjects {

    private final AlertStore alerts;
    private final ObjectMapper json;

    ErasedSubjects(AlertStore alerts, ObjectMapper json) {
        this.alerts = alerts;
        this.json = json;
    }

    @FollowerListener(id = "alert-erasure", topics = Topics.CUSTOMER)
    void onCustomerEvent(ConsumerRecord<String, String> record) {
        CustomerErased.of(json, record.value())
                .filter(erasure -> erasure.customer().customerId() != null)
                .ifPresent(erasure -> alerts.forgetSubject(erasure.organizationId(), erasure.customer().customerId()).block());
    }
}
