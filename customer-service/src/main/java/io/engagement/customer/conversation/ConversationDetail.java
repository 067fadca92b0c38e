package io.engagement.customer.conversation;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.engagement.platform.event.ConversationView;

/** A conversation as an agent opens it: the conversation, and beside it what its session tells. */
record ConversationDetail(@JsonUnwrapped ConversationView conversation, SessionContext context) {
}
