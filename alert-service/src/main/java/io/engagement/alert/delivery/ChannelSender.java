package io.engagement.alert.delivery;

import io.engagement.alert.raised.AlertView;
import reactor.core.publisher.Mono;

/** Sends one attempt of a delivery to its channel; an error is a failed attempt, a {@link PermanentFailure} the last one. */
interface ChannelSender {

    String channel();

    Mono<Void> send(Delivery delivery, AlertView alert);
}
