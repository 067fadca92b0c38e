package io.engagement.messaging.delivery;

import java.util.Map;

/** Hands one message to the SMTP relay or the SMSC; answers what the status should show of it. */
@FunctionalInterface
public interface Provider {

    Map<String, Object> send() throws DeliveryFailure;
}
