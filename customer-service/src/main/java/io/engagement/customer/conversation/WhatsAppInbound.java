package io.engagement.customer.conversation;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * Texts WhatsApp users sent to an organization's connected number, into that sender's
 * conversation, in the order the webhook lists them. A text to a number no organization has
 * connected is dropped: Meta would only send it again.
 */
@Component
class WhatsAppInbound {

    private static final Logger log = LoggerFactory.getLogger(WhatsAppInbound.class);

    private final WhatsAppNumbers numbers;
    private final Visitors visitors;
    private final Conversations conversations;

    WhatsAppInbound(WhatsAppNumbers numbers, Visitors visitors, Conversations conversations) {
        this.numbers = numbers;
        this.visitors = visitors;
        this.conversations = conversations;
    }

    /** Empty once every text is stored. */
    Mono<Void> receive(WhatsAppNotification notification) {
        return Flux.fromIterable(notification.texts()).concatMap(this::receive).then();
    }

    private Mono<Void> receive(WhatsAppNotification.InboundText text) {
        return numbers.organizationOf(text.toDigits())
                .switchIfEmpty(Mono.fromRunnable(() -> log.info("A WhatsApp message to +{}, which no organization has connected, was dropped",
                        text.toDigits())))
                .flatMap(organizationId -> visitors.ofWhatsApp(organizationId, text.from(), text.profileName()))
                .flatMap(visitor -> conversations.receiveWhatsApp(visitor, text.messageId(), text.text()))
                .then();
    }
}
