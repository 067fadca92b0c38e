package io.engagement.platform.event;

import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CustomerErasedTest {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    @Test
    void anErasureReadsWithWhomItNames() {
        String erasure = """
                {"id": "0b7c", "type": "customer.erased", "version": 1, "org_id": 7, "time": "2026-11-27T10:00:00Z",
                 "data": {"customer_id": "cus_1", "email": " Ada@Example.com ", "whatsapp_number": "", "session_ids": ["s1", "s2"]}}""";

        assertThat(CustomerErased.of(JSON, erasure)).hasValueSatisfying(read -> {
            assertThat(read.organizationId()).isEqualTo(7);
            assertThat(read.customer()).isEqualTo(new CustomerErased("cus_1", "Ada@Example.com", null, List.of("s1", "s2")));
        });
    }

    @Test
    void otherRecordsOfTheTopicAreNotErasuresEvenWhenTheyMentionOne() {
        String created = """
                {"id": "0b7d", "type": "customer.created", "version": 1, "org_id": 7, "time": "2026-11-27T10:00:00Z",
                 "data": {"customer_id": "cus_2", "name": "customer.erased"}}""";

        assertThat(CustomerErased.of(JSON, created)).isEmpty();
        assertThat(CustomerErased.of(JSON, "{\"type\": \"customer.created\"}")).isEmpty();
        assertThat(CustomerErased.of(JSON, "not json, customer.erased")).isEmpty();
        assertThat(CustomerErased.of(JSON, null)).isEmpty();
    }
}
