package io.engagement.customer.conversation;

import io.engagement.platform.event.ConversationView;
import io.engagement.platform.event.VisitorConversationView;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class ConversationStateTest {

    private static final Instant AT = Instant.parse("2026-11-28T10:00:00Z");

    private final Visitor visitor = new Visitor("vis_1", 7, "Ada", null, null, null, false, null, null, null, AT);

    private ConversationState open() {
        return ConversationState.started("cnv_1", visitor, ConversationView.WIDGET, ConversationView.OPEN, null, AT);
    }

    @Test
    void aVisitorMessageIsUnreadAndWaitsFromTheOldestUnanswered() {
        ConversationState state = open().afterVisitorMessage(1, AT, false).afterVisitorMessage(2, AT.plusSeconds(5), false);

        assertThat(state.view().unreadCount()).isEqualTo(2);
        assertThat(state.waitingSince()).isEqualTo(AT);
        assertThat(state.lastSeq()).isEqualTo(2);
        assertThat(state.lastActivityAt()).isEqualTo(AT.plusSeconds(5));
    }

    @Test
    void anAgentsReplyEndsTheWaitAssignsTheReplierOnceAndSilencesTheBot() {
        ConversationState replied = open().afterVisitorMessage(1, AT, true).afterAgentReply(2, AT.plusSeconds(60), "sam@example.com", "Sam")
                .afterAgentReply(3, AT.plusSeconds(90), "kim@example.com", "Kim");

        assertThat(replied.waitingSince()).isNull();
        assertThat(replied.firstReplyAt()).isEqualTo(AT.plusSeconds(60));
        assertThat(replied.assigneeEmail()).isEqualTo("sam@example.com");
        assertThat(replied.botSilenced()).isTrue();
        assertThat(replied.reading().replyUnreadSince()).isEqualTo(AT.plusSeconds(60));
    }

    @Test
    void aPendingConversationOpensOnAReplyOrAHandoff() {
        ConversationState pending = ConversationState.started("cnv_1", visitor, ConversationView.WIDGET, ConversationView.PENDING, null, AT);

        assertThat(pending.afterAgentReply(1, AT, "sam@example.com", "Sam").status()).isEqualTo(ConversationView.OPEN);
        assertThat(pending.handedOff().status()).isEqualTo(ConversationView.OPEN);
        assertThat(pending.handedOff().botSilenced()).isTrue();
    }

    @Test
    void aVisitorMessageReopensAResolvedConversationPendingOnlyWhileTheBotMayAnswer() {
        ConversationState resolved = open().changed(ConversationView.RESOLVED, null, null, List.of(), null);

        assertThat(resolved.afterVisitorMessage(1, AT, true).status()).isEqualTo(ConversationView.PENDING);
        assertThat(resolved.afterVisitorMessage(1, AT, false).status()).isEqualTo(ConversationView.OPEN);
        assertThat(resolved.handedOff().changed(ConversationView.RESOLVED, null, null, List.of(), null).afterVisitorMessage(1, AT, true).status())
                .as("after a handoff the bot never answers again").isEqualTo(ConversationView.OPEN);
    }

    @Test
    void aSnoozeEndsAtItsTimeOrWithAVisitorMessage() {
        ConversationState snoozed = open().changed(ConversationView.SNOOZED, null, null, List.of(), AT.plus(Duration.ofHours(1)));

        assertThat(snoozed.woken(AT)).isEmpty();
        assertThat(snoozed.woken(AT.plus(Duration.ofHours(1)))).get().extracting(ConversationState::status).isEqualTo(ConversationView.OPEN);
        ConversationState written = snoozed.afterVisitorMessage(1, AT, false);
        assertThat(written.status()).isEqualTo(ConversationView.OPEN);
        assertThat(written.snoozedUntil()).isNull();
    }

    @Test
    void readMarksNeverMoveBackNorPastTheLastMessage() {
        ConversationState state = open().afterVisitorMessage(1, AT, false).afterVisitorMessage(2, AT, false).afterVisitorMessage(3, AT, false);

        ConversationState read = state.readByAgent(2).readByAgent(1).readByAgent(99);

        assertThat(read.reading().agentLastReadSeq()).isEqualTo(3);
        assertThat(state.readByAgent(2).view().unreadCount()).isEqualTo(1);
        assertThat(state.readByVisitor(9).reading().visitorLastReadSeq()).isEqualTo(3);
    }

    @Test
    void aReplyReadByTheVisitorNoLongerWaitsToBeMailed() {
        ConversationState replied = open().afterVisitorMessage(1, AT, false).afterAgentReply(2, AT, "sam@example.com", "Sam");

        assertThat(replied.readByVisitor(1).reading().replyUnreadSince()).isEqualTo(AT);
        assertThat(replied.readByVisitor(2).reading().replyUnreadSince()).isNull();
        assertThat(replied.mailedThrough(2).reading().replyUnreadSince()).isNull();
        assertThat(replied.mailedThrough(2).reading().mailedThroughSeq()).isEqualTo(2);
    }

    @Test
    void onlyAWaitingConversationIsAssigned() {
        assertThat(open().assignedTo("sam@example.com", "Sam")).get().extracting(ConversationState::assigneeEmail).isEqualTo("sam@example.com");
        assertThat(open().afterAgentReply(1, AT, "kim@example.com", "Kim").assignedTo("sam@example.com", "Sam")).isEmpty();
        assertThat(open().changed(ConversationView.RESOLVED, null, null, List.of(), null).assignedTo("sam@example.com", "Sam")).isEmpty();
    }

    @Test
    void theVisitorSeesRepliesToReadAndWhoIsOnItByName() {
        ConversationState replied = open().afterVisitorMessage(1, AT, false).afterAgentReply(2, AT.plusSeconds(30), "sam@example.com", "Sam")
                .afterOurMessage(3, AT.plusSeconds(40));

        assertThat(replied.visitorView().unreadCount()).isEqualTo(2);
        assertThat(replied.visitorView().assignee()).isEqualTo(new VisitorConversationView.Assignee("Sam"));
        assertThat(replied.visitorView().lastActivityAt()).isEqualTo(AT.plusSeconds(40));
        assertThat(replied.readByVisitor(2).visitorView().unreadCount()).isEqualTo(1);
        assertThat(replied.readByVisitor(3).visitorView().unreadCount()).isZero();
    }

    @Test
    void aPrivateNoteTagsAndTheAgentsReadMarkShowTheVisitorNothing() {
        ConversationState asked = open().afterVisitorMessage(1, AT, false).afterAgentReply(2, AT.plusSeconds(30), "sam@example.com", "Sam");

        ConversationState noted = asked.afterNote(3, AT.plusSeconds(90));
        ConversationState tagged = asked.changed(asked.status(), asked.assigneeEmail(), null, List.of("Billing"), null);

        assertThat(noted.lastActivityAt()).isEqualTo(AT.plusSeconds(90));
        assertThat(noted.visitorView()).isEqualTo(asked.visitorView());
        assertThat(tagged.visitorView()).isEqualTo(asked.visitorView());
        assertThat(asked.readByAgent(2).visitorView()).isEqualTo(asked.visitorView());
    }

    @Test
    void anotherAssigneeIsShownByTheirOwnName() {
        ConversationState sams = open().assignedTo("sam@example.com", "Sam").orElseThrow();

        assertThat(sams.changed(ConversationView.OPEN, "SAM@example.com", "ignored", List.of(), null).assigneeName()).isEqualTo("Sam");
        assertThat(sams.changed(ConversationView.OPEN, "kim@example.com", "Kim", List.of(), null).visitorView().assignee().name())
                .isEqualTo("Kim");
        assertThat(sams.changed(ConversationView.OPEN, null, null, List.of(), null).visitorView().assignee()).isNull();
    }
}
