package io.engagement.messaging.delivery;

import io.engagement.platform.page.PageRequest;
import io.engagement.platform.validation.ParamReader;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/** {@code GET .../messages} query parameters: {@code status} and paging like the customer list. */
public record MessageListQuery(Optional<String> status, PageRequest page) {

    private static final List<String> STATUSES = Arrays.stream(DeliveryStatus.values()).map(DeliveryStatus::wireName).toList();

    public static MessageListQuery from(ParamReader query) {
        MessageListQuery parsed = new MessageListQuery(Optional.ofNullable(query.literal("status", null, STATUSES)),
                PageRequest.from(query));
        query.validate();
        return parsed;
    }
}
