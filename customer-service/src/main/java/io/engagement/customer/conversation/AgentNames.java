package io.engagement.customer.conversation;

import io.engagement.customer.widget.SupportName;
import io.engagement.platform.settings.OrganizationSettings;
import io.engagement.platform.store.EmailKey;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

/**
 * What a visitor calls an agent: the agent's name in the agents settings, so that a visitor can
 * tell two agents apart without ever learning an address; an agent not listed there goes by the
 * widget's support name. Taken when the agent writes or takes a conversation, and kept with it.
 */
@Component
class AgentNames {

    private final OrganizationSettings<AgentSettings> agents;
    private final SupportName supportName;

    AgentNames(OrganizationSettings<AgentSettings> agents, SupportName supportName) {
        this.agents = agents;
        this.supportName = supportName;
    }

    Mono<String> of(long organizationId, String agentEmail) {
        String key = EmailKey.of(agentEmail);
        return agents.read(organizationId)
                .flatMap(settings -> Mono.justOrEmpty(settings.agents().stream()
                        .filter(agent -> EmailKey.of(agent.email()).equals(key)).findFirst().map(AgentSettings.Agent::name)))
                .switchIfEmpty(Mono.defer(() -> supportName.of(organizationId)));
    }

    /** The widget's support name: what an agent whose name was not kept goes by. */
    Mono<String> fallback(long organizationId) {
        return supportName.of(organizationId);
    }
}
