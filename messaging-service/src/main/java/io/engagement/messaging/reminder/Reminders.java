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
 * Follows up tickets that wait on their customer. A ticket set to {@code pending} (the team has
 * answered and waits) gets a reminder at each of the organization's {@code intervals_minutes}
 * after it became pending, on the organization's channels, until it leaves {@code pending}.
 * A due reminder is claimed by one conditional write before it is sent, so of several replicas
 * exactly one sends it; one lost in a crash between the claim and the queue is not sent again,
 * since a missed reminder is better than a doubled one.
 */
@Component
class Reminders implements StartupWork, DisposableBean {

    private static final Logger log = LoggerFactory.getLogger(Reminders.class);
    /** Reminders sent per sweep at most; the rest wait for the next. */
    private static final int SWEEP_BATCH = 200;

    private final WaitingTickets tickets;
    private final ReminderDispatch dispatch;
    private final OrganizationSettings<ReminderSettings> settings;
    private final ReminderProperties properties;
    private final Clock clock = Clock.systemUTC();
    private volatile Disposable sweeps;

    Reminders(WaitingTickets tickets, ReminderDispatch dispatch, OrganizationSettings<ReminderSettings> settings,
              ReminderProperties properties) {
        this.tickets = tickets;
        this.dispatch = dispatch;
        this.settings = settings;
        this.properties = properties;
    }

    /** Takes a ticket's new state in; an event no newer than what is known changes nothing. */
    Mono<Void> follow(TicketSnapshot next) {
        return scheduleOf(next.organizationId())
                .flatMap(schedule -> tickets.find(next.organizationId(), next.ticketId()).map(Optional::of).defaultIfEmpty(Optional.empty())
                        .flatMap(current -> {
                            if (current.isPresent() && !next.timeUpdated().isAfter(current.get().ticket().timeUpdated())) {
                                return Mono.just(true);
                            }
                            WaitingTicket after = WaitingTicket.after(current.orElse(null), next, schedule);
                            Instant expires = after.isWaiting() ? null : clock.instant().plus(properties.settledKeptFor());
                            return tickets.replace(current.orElse(null), after, expires);
                        }))
                .flatMap(written -> written ? Mono.<Void>empty() : Mono.error(new ConcurrentChange()))
                .retryWhen(Retry.max(5).filter(ConcurrentChange.class::isInstance));
    }

    /** New reminder settings move the due dates of every ticket their organization has waiting. */
    Mono<Void> reschedule(long org) {
        return scheduleOf(org).flatMapMany(schedule -> tickets.waitingIn(org)
                        .concatMap(waiting -> {
                            Instant due = schedule.nextDue(waiting.waitingSince(), waiting.sent()).orElse(null);
                            return Objects.equals(due, waiting.dueAt()) ? Mono.empty() : tickets.advance(waiting, waiting.sent(), due);
                        }))
                .then();
    }

    /** Sends every reminder due now. */
    Mono<Void> sendDue() {
        Instant now = clock.instant();
        return tickets.due(now, SWEEP_BATCH).concatMap(waiting -> remind(waiting, now)).then();
    }

    private Mono<Void> remind(WaitingTicket waiting, Instant now) {
        long org = waiting.ticket().organizationId();
        return settings.read(org).flatMap(current -> {
            ReminderSchedule schedule = new ReminderSchedule(current, properties.intervalUnit());
            Optional<Instant> due = schedule.nextDue(waiting.waitingSince(), waiting.sent());
            if (due.isEmpty() || due.get().isAfter(now)) {
                // the settings changed since the due date was set
                return tickets.advance(waiting, waiting.sent(), due.orElse(null)).then();
            }
            int sent = schedule.sentAfter(waiting.waitingSince(), waiting.sent(), now);
            Instant next = schedule.nextDue(waiting.waitingSince(), sent).orElse(null);
            WaitingTicket claimed = new WaitingTicket(waiting.ticket(), waiting.waitingSince(), sent, next);
            return tickets.advance(waiting, sent, next)
                    .filter(won -> won)
                    .flatMap(won -> dispatch.send(waiting.ticket(), current.channels()))
                    .filter(outcome -> outcome == ReminderDispatch.Outcome.UNAVAILABLE)
                    // every queue it was meant for was down: hand it back to the next sweep
                    .flatMap(unsent -> tickets.advance(claimed, waiting.sent(), waiting.dueAt()))
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

    /** Another write changed the ticket's state between the read and this write. */
    private static final class ConcurrentChange extends RuntimeException {
        ConcurrentChange() {
            super("the ticket's reminder state changed meanwhile", null, false, false);
        }
    }
}
