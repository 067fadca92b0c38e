package io.engagement.customer.conversation;

import io.engagement.platform.binding.PolledRecords;
import io.engagement.platform.binding.ReceivedRecords;
import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventReader;
import io.engagement.platform.event.MessageCreated;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.messaging.Message;
import reactor.core.publisher.Flux;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The bot in conversations (binding {@code conversationBot-in-0}, one group for all replicas): each
 * visitor message of a pending conversation gets the bot's answer, or below its threshold a handoff.
 * Answering from the topic rather than inside the visitor's request means an answer is never lost
 * to a crash between the two; an answer is stored under its visitor message's id, so one given twice
 * is stored once.
 */
@Configuration(proxyBeanMethods = false)
class ConversationBotConsumer {

    private final Conversations conversations;
    private final EventReader events;

    ConversationBotConsumer(Conversations conversations, EventReader events) {
        this.conversations = conversations;
        this.events = events;
    }

    @Bean
    Consumer<Message<List<String>>> conversationBot() {
        return poll -> onMessages(ReceivedRecords.batchOf(poll));
    }

    void onMessages(List<ConsumerRecord<String, String>> records) {
        PolledRecords<EventEnvelope<MessageCreated>> polled = PolledRecords.read(records, this::visitorMessage);
        Flux.fromIterable(polled.values())
                .concatMap(message -> conversations.answer(message.orgId(), message.data().message()))
                .then()
                .block();
        polled.rejectUnreadable();
    }

    private Optional<EventEnvelope<MessageCreated>> visitorMessage(ConsumerRecord<String, String> record) {
        return record.value() == null ? Optional.empty() : events.read(record.value(), MessageCreated.class)
                .filter(created -> created.data().message().fromVisitor());
    }
}
