package io.engagement.customer.conversation;

import io.engagement.platform.auth.Actor;
import io.engagement.platform.auth.OrgContext;
import io.engagement.platform.error.ApiException;
import io.engagement.platform.event.MessageView;
import io.engagement.platform.store.EmailKey;

/**
 * Who an agent's request acts as: a signed-in person acts as themselves (another {@code agent_email}
 * is 403), a data key as the {@code agent_email} it names, as before people existed.
 */
record AgentAuthor(String email, String name, String personId, String via) {

    static final String AGENTS_ACT_AS_THEMSELVES = "agents act as themselves";

    static AgentAuthor of(OrgContext context, String agentEmail) {
        if (context.person().isEmpty()) {
            return new AgentAuthor(agentEmail, null, null, MessageView.Sender.VIA_API);
        }
        Actor person = context.person().get();
        if (agentEmail != null && !EmailKey.of(agentEmail).equals(EmailKey.of(person.email()))) {
            throw ApiException.forbidden(AGENTS_ACT_AS_THEMSELVES);
        }
        return new AgentAuthor(person.email(), person.name(), person.personId(), MessageView.Sender.VIA_CONSOLE);
    }

    /** The message's sender, named by the person's own name or, without one, the agents' settings. */
    MessageView.Sender sender(String settingsName) {
        return new MessageView.Sender(MessageView.AGENT, email, name != null ? name : settingsName, personId, via);
    }
}
