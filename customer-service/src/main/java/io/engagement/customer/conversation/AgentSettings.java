package io.engagement.customer.conversation;

import io.engagement.platform.error.ErrorDetail;
import io.engagement.platform.validation.Loc;
import io.engagement.platform.validation.ObjectSchema;
import io.engagement.platform.validation.Rules;
import io.engagement.platform.validation.Violations;
import io.engagement.platform.store.EmailKey;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static io.engagement.platform.validation.ObjectSchema.optional;
import static io.engagement.platform.validation.ObjectSchema.required;

/**
 * The people who answer conversations: whom assignment may pick, and how many open conversations
 * each takes at most. Anyone may reply; this says only whom conversations are handed to.
 */
record AgentSettings(List<Agent> agents) {

    static final AgentSettings DEFAULTS = new AgentSettings(List.of());
    static final int MAX_AGENTS = 500;

    static final ObjectSchema SCHEMA = ObjectSchema.of(required("agents", Rules.list(Agent.SCHEMA).maxItems(MAX_AGENTS)))
            .forbiddingExtra()
            .checking(AgentSettings::refuseDuplicateAgents);

    AgentSettings {
        agents = List.copyOf(agents);
    }

    /** An agent, by e-mail (in any case, once). */
    record Agent(String email, String name, Integer capacity) {

        static final int DEFAULT_CAPACITY = 10;

        static final ObjectSchema SCHEMA = ObjectSchema.of(
                        required("email", Rules.string().email()),
                        required("name", Rules.string().stripped().minLength(1).maxLength(100)),
                        optional("capacity", Rules.integer().min(1).max(100)))
                .forbiddingExtra();

        Agent {
            capacity = capacity == null ? DEFAULT_CAPACITY : capacity;
        }
    }

    /** One agent per e-mail: the fault sits at the later of two equal addresses. */
    private static void refuseDuplicateAgents(JsonNode input, ObjectNode accepted, Loc loc, List<ErrorDetail> errors) {
        JsonNode agents = accepted.get("agents");
        if (agents == null || !agents.isArray()) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < agents.size(); i++) {
            JsonNode email = agents.get(i).get("email");
            if (email != null && email.isString() && !seen.add(EmailKey.of(email.asString()))) {
                errors.add(Violations.valueError(loc.field("agents").index(i).field("email"), email.asString(), "agent is listed twice"));
            }
        }
    }
}
