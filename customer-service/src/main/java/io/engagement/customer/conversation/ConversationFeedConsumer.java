package io.engagement.customer.conversation;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.binding.UnreadableRecord;
import io.engagement.platform.event.ConversationChanged;
import io.engagement.platform.event.ConversationCreated;
import io.engagement.platform.event.MessageCreated;
import io.engagement.platform.event.TypingChanged;
import io.engagement.platform.event.DomainEvent;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * Every replica's reading of the conversation topic (binding {@code conversationFeed-in-0}, no
 * group: each replica reads all of it from where it joined), so that whatever any replica wrote
 * reaches the live connections this one holds, a conversation that waits (or frees an agent) is
 * assigned, and a new conversation's session is watched from now on.
 */
@Configuration(proxyBeanMethods = false)
class ConversationFeedConsumer {

    private static final Logger log = LoggerFactory.getLogger(ConversationFeedConsumer.class);

    private final EventReader events;
    private final SessionContextFollowing contexts;
    private final LiveHub live;
    private final Assignment assignment;

    ConversationFeedConsumer(EventReader events, SessionContextFollowing contexts, LiveHub live, Assignment assignment) {
        this.events = events;
        this.contexts = contexts;
        this.live = live;
        this.assignment = assignment;
    }

    @Bean
    Consumer<Message<List<String>>> conversationFeed() {
        return poll -> ReceivedRecords.batchOf(poll).forEach(this::onRecord);
    }

    private void onRecord(ConsumerRecord<String, String> record) {
        read(record).ifPresent(envelope -> {
            long organizationId = envelope.orgId();
            if (envelope.data() instanceof MessageCreated created) {
                live.messageCreated(organizationId, created);
            } else if (envelope.data() instanceof ConversationChanged changed) {
                live.conversationChanged(organizationId, changed);
                if (Assignment.mayServe(changed.conversation())) {
                    assignment.trigger(organizationId);
                }
                if (changed instanceof ConversationCreated created && created.conversation().sessionId() != null) {
                    contexts.watch(organizationId, created.conversation().sessionId());
                }
            } else if (envelope.data() instanceof TypingChanged typing) {
                live.typing(organizationId, typing);
            }
        });
    }

    /** A record this build cannot read is passed over: the feed is live, and the stored conversation stays right. */
    private Optional<EventEnvelope<DomainEvent>> read(ConsumerRecord<String, String> record) {
        try {
            return record.value() == null ? Optional.empty() : events.read(record.value());
        } catch (UnreadableRecord unreadable) {
            log.warn("Passed over an unreadable conversation event at {}-{}@{}: {}", record.topic(), record.partition(), record.offset(),
                    unreadable.getMessage());
            return Optional.empty();
        }
    }
}
