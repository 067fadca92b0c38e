package io.engagement.customer.conversation;

import io.engagement.platform.event.MessageView;
import io.engagement.platform.event.VisitorMessageView;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.util.List;

/**
 * Messages as a visitor is shown them, for the widget's routes and a visitor socket's resume. An
 * agent's message written before names were kept goes by the widget's support name, read only when
 * such a message is there.
 */
@Component
class VisitorViews {

    private final AgentNames names;

    VisitorViews(AgentNames names) {
        this.names = names;
    }

    Mono<List<VisitorMessageView>> of(long organizationId, List<MessageView> messages) {
        boolean unnamed = messages.stream().anyMatch(message -> MessageView.AGENT.equals(message.sender().type()) && message.sender().name() == null);
        Mono<String> fallback = unnamed ? names.fallback(organizationId) : Mono.just("");
        return fallback.map(name -> messages.stream().map(message -> VisitorMessageView.of(message, name)).toList());
    }
}
