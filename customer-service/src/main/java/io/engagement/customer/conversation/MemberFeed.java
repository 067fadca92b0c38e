package io.engagement.customer.conversation;

import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.MemberChanged;
import io.engagement.platform.store.EmailKey;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import reactor.core.publisher.Mono;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The gateway's members as conversations need them (the member topic): each replica closes the
 * agent sockets it holds of a member no longer active ({@code memberSockets}, every replica, from
 * now on), and one replica keeps the members assignment weighs and hands the open conversations of
 * a member who left back to the queue ({@code memberDirectory}, a group, from the beginning).
 */
@Configuration(proxyBeanMethods = false)
class MemberFeed {

    private final EventReader events;
    private final LiveHub live;
    private final AgentMembers members;
    private final ConversationStore conversations;
    private final Assignment assignment;

    MemberFeed(EventReader events, LiveHub live, AgentMembers members, ConversationStore conversations, Assignment assignment) {
        this.events = events;
        this.live = live;
        this.members = members;
        this.conversations = conversations;
        this.assignment = assignment;
    }

    @Bean
    Consumer<Message<String>> memberSockets() {
        return record -> changed(ReceivedRecords.of(record)).ifPresent(change -> {
            if (!change.member().active()) {
                live.closeAgent(change.organizationId(), EmailKey.of(change.member().email()));
            }
        });
    }

    @Bean
    Consumer<Message<String>> memberDirectory() {
        return record -> changed(ReceivedRecords.of(record)).ifPresent(change -> {
            long organizationId = change.organizationId();
            members.record(organizationId, change.member())
                    .then(change.member().active() ? Mono.<Void>empty() : requeued(organizationId, change.member()))
                    .block();
            assignment.trigger(organizationId);
        });
    }

    /** The member's open conversations wait for another agent. */
    private Mono<Void> requeued(long organizationId, MemberChanged member) {
        Instant now = Instant.now();
        return conversations.openOf(organizationId, EmailKey.of(member.email()))
                .concatMap(conversation -> conversations.update(conversation, current -> current.returnedToQueue(now)))
                .then();
    }

    private Optional<Change> changed(ConsumerRecord<String, String> record) {
        return Optional.ofNullable(record.value()).flatMap(events::read)
                .filter(envelope -> envelope.data() instanceof MemberChanged)
                .map(envelope -> new Change(envelope.orgId(), (MemberChanged) envelope.data()));
    }

    private record Change(long organizationId, MemberChanged member) {
    }
}
