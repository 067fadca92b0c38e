package io.engagement.messaging.reminder;

import io.engagement.platform.lifecycle.StartupWork;
import io.engagement.platform.settings.OrganizationSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;
import reactor.core.Disposable;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.util.retry.Retry;

import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * Follows up what waits on a person: a ticket set to {@code pending} (the team has answered and
 * waits), and a conversation whose unread agent replies were e-mailed to its visitor. Each gets a
 * reminder at each of the organization's {@code intervals_minutes} after it began to wait, on the
 * organization's channels, until the ticket leaves {@code pending} or the visitor reads the replies.
 * A due reminder is claimed by one conditional write before it is sent, so of several replicas
 * exactly one sends it; one lost in a crash between the claim and the queue is not sent again,
 * since a missed reminder is better than a doubled one.
 */
@Component
class Reminders implements StartupWork, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(Reminders.class);
    /** Reminders sent per sweep at most; the rest wait for the next. */
    private static final int SWEEP_BATCH = 200;

    private final WaitingThreads threads;
    private final ReminderDispatch dispatch;
    private final OrganizationSettings<ReminderSettings> settings;
    private final ReminderProperties properties;
    private final Clock clock = Clock.systemUTC();
    private volatile Disposable sweeps;

    Reminders(WaitingThreads threads, ReminderDispatch dispatch, OrganizationSettings<ReminderSettings> settings,
              ReminderProperties properties) {
        this.threads = threads;
        this.dispatch = dispatch;
        this.settings = settings;
        this.properties = properties;
    }

    /** Takes a thread's new state in; an event no newer than what is known changes nothing. */
    Mono<Void> follow(FollowedThread next) {
        return scheduleOf(next.organizationId())
                .flatMap(schedule -> threads.find(next.organizationId(), next.threadId()).map(Optional::of).defaultIfEmpty(Optional.empty())
                        .flatMap(current -> {
                            if (current.isPresent() && !next.timeUpdated().isAfter(current.get().thread().timeUpdated())) {
                                return Mono.just(true);
                            }
                            WaitingThread after = WaitingThread.after(current.orElse(null), next, schedule);
                            Instant expires = after.isWaiting() ? null : clock.instant().plus(properties.settledKeptFor());
                            return threads.replace(current.orElse(null), after, expires);
                        }))
                .flatMap(written -> written ? Mono.<Void>empty() : Mono.error(new ConcurrentChange()))
                .retryWhen(Retry.max(5).filter(ConcurrentChange.class::isInstance));
    }

    /**
     * The visitor read a conversation through {@code seq}: followed up to no later a message, it
     * waits no more. A conversation not followed stays unknown here.
     */
    Mono<Void> readThrough(long org, String conversationId, long seq, Instant at) {
        return threads.find(org, conversationId)
                .filter(waiting -> waiting.isWaiting() && waiting.thread().throughSeq() <= seq && at.isAfter(waiting.thread().timeUpdated()))
                .flatMap(waiting -> follow(waiting.thread().read(at)));
    }

    /** New reminder settings move the due dates of every thread their organization has waiting. */
    Mono<Void> reschedule(long org) {
        return scheduleOf(org).flatMapMany(schedule -> threads.waitingIn(org)
                        .concatMap(waiting -> {
                            Instant due = schedule.nextDue(waiting.waitingSince(), waiting.sent()).orElse(null);
                            return Objects.equals(due, waiting.dueAt()) ? Mono.empty() : threads.advance(waiting, waiting.sent(), due);
                        }))
                .then();
    }

    /** Sends every reminder due now. */
    Mono<Void> sendDue() {
        Instant now = clock.instant();
        return threads.due(now, SWEEP_BATCH).concatMap(waiting -> remind(waiting, now)).then();
    }

    private Mono<Void> remind(WaitingThread waiting, Instant now) {
        long org = waiting.thread().organizationId();
        return settings.read(org).flatMap(current -> {
            ReminderSchedule schedule = new ReminderSchedule(current, properties.intervalUnit());
            Optional<Instant> due = schedule.nextDue(waiting.waitingSince(), waiting.sent());
            if (due.isEmpty() || due.get().isAfter(now)) {
                // the settings changed since the due date was set
                return threads.advance(waiting, waiting.sent(), due.orElse(null)).then();
            }
            int sent = schedule.sentAfter(waiting.waitingSince(), waiting.sent(), now);
            Instant next = schedule.nextDue(waiting.waitingSince(), sent).orElse(null);
            WaitingThread claimed = new WaitingThread(waiting.thread(), waiting.waitingSince(), sent, next);
            return threads.advance(waiting, sent, next)
                    .filter(won -> won)
                    .flatMap(won -> dispatch.send(waiting.thread(), current.channels()))
                    .filter(outcome -> outcome == ReminderDispatch.Outcome.UNAVAILABLE)
                    // every queue it was meant for was down: hand it back to the next sweep
                    .flatMap(unsent -> threads.advance(claimed, waiting.sent(), waiting.dueAt()))
                    .then();
        });
    }

    private Mono<ReminderSchedule> scheduleOf(long org) {
        return settings.read(org).map(current -> new ReminderSchedule(current, properties.intervalUnit()));
    }

    @Override
    public Mono<Void> prepare() {
        sweeps = Flux.interval(properties.sweepInterval(), properties.sweepInterval())
                // a sweep slower than the interval skips ticks rather than ending the sweeps
                .onBackpressureDrop()
                .concatMap(tick -> sendDue().onErrorResume(failure -> {
                    log.warn("Sending the due reminders failed; trying again in {}: {}", properties.sweepInterval(), failure.toString());
                    return Mono.empty();
                }))
                .subscribe();
        return Mono.empty();
    }

    @Override
    public void destroy() {
        if (sweeps != null) {
            sweeps.dispose();
        }
    }

    /** Another write changed the thread's state between the read and this write. */
    private static final class ConcurrentChange extends RuntimeException {
        ConcurrentChange() {
            super("the thread's reminder state changed meanwhile", null, false, false);
        }
    }
}
