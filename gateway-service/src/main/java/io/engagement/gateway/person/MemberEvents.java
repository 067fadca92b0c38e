package io.engagement.gateway.person;

import io.engagement.platform.event.EventEnvelope;
import io.engagement.platform.event.EventPublisher;
import io.engagement.platform.event.MemberChanged;
import io.engagement.platform.event.TopicDeclarations;
import io.engagement.platform.event.Topics;
import org.apache.kafka.clients.admin.NewTopic;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.annotation.Bean;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;

import java.time.Clock;
import java.time.Duration;
import java.util.UUID;

/**
 * Tells the services a member's latest state ({@link MemberChanged} on the compacted member topic)
 * after each change is stored. A broker that does not take it within a few seconds is logged; the
 * member's next change carries their whole state again.
 */
@Component
class MemberEvents {

    private static final Logger log = LoggerFactory.getLogger(MemberEvents.class);
    private static final Duration PATIENCE = Duration.ofSeconds(5);

    private final EventPublisher events;
    private final Clock clock;

    MemberEvents(EventPublisher events, Clock clock) {
        this.events = events;
        this.clock = clock;
    }

    @Bean
    static NewTopic memberTopic() {
        return TopicDeclarations.of(Topics.MEMBER);
    }

    Mono<Member> announce(Member member) {
        MemberChanged changed = new MemberChanged(member.personId(), member.email(), member.name(), member.role().wireName(),
                member.status().wireName(), member.capacity(), member.availability().wireName());
        return events.publish(Topics.MEMBER, EventEnvelope.key(member.organizationId(), member.personId()),
                        EventEnvelope.of(UUID.randomUUID(), member.organizationId(), clock.instant(), changed))
                .timeout(PATIENCE)
                .onErrorResume(failure -> {
                    log.warn("Member {} of organization {} changed but the services were not told", member.personId(),
                            member.organizationId(), failure);
                    return Mono.empty();
                })
                .thenReturn(member);
    }
}
