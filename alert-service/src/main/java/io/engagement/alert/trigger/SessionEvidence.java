package io.engagement.alert.trigger;

import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;

import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;

/**
 * What one session has shown the triggers so far, kept in the processor's store as JSON.
 *
 * @param customerId         the customer the session is linked to, once an event or summary says so
 * @param startedAtMs        the earliest event time seen for the session
 * @param durations          a KLL sketch (base64) of its API call durations, exact up to 200 calls
 * @param lastViewAtMs       the event time of its latest page view; null before one
 * @param leaveAtMs          a billing page's {@code page_leave} waiting to be judged: its event time; null when none waits
 * @param leaveDurationMs    that leave's time on the page
 * @param leaveDeadlineMs    when (wall clock) the leave is judged abandoned unless a page view follows first
 * @param fired              the triggers that have fired for the session
 */
record SessionEvidence(String customerId, long startedAtMs, long consoleErrors, long failedCalls, long calls, String durations,
                       Long lastViewAtMs, Long leaveAtMs, Double leaveDurationMs, Long leaveDeadlineMs, List<String> fired) {

    static final int SKETCH_K = 200;

    SessionEvidence {
        fired = fired == null ? List.of() : List.copyOf(fired);
    }

    static SessionEvidence startingAt(long atMs) {
        return new SessionEvidence(null, atMs, 0, 0, 0, null, null, null, null, null, List.of());
    }

    SessionEvidence seenAt(long atMs, String customer) {
        return new SessionEvidence(customer != null ? customer : customerId, Math.min(startedAtMs, atMs), consoleErrors,
                failedCalls, calls, durations, lastViewAtMs, leaveAtMs, leaveDurationMs, leaveDeadlineMs, fired);
    }

    SessionEvidence withConsoleError() {
        return new SessionEvidence(customerId, startedAtMs, consoleErrors + 1, failedCalls, calls, durations, lastViewAtMs,
                leaveAtMs, leaveDurationMs, leaveDeadlineMs, fired);
    }

    SessionEvidence withCall(boolean failed, Double durationMs) {
        String sketch = durations;
        long timed = calls;
        if (durationMs != null) {
            KllDoublesSketch kll = sketch();
            kll.update(durationMs);
            sketch = Base64.getEncoder().encodeToString(kll.toByteArray());
            timed++;
        }
        return new SessionEvidence(customerId, startedAtMs, consoleErrors, failedCalls + (failed ? 1 : 0), timed, sketch,
                lastViewAtMs, leaveAtMs, leaveDurationMs, leaveDeadlineMs, fired);
    }

    /** A page view at {@code atMs}; it answers a waiting leave from before it: the user went on. */
    SessionEvidence withPageView(long atMs) {
        long latest = lastViewAtMs == null ? atMs : Math.max(lastViewAtMs, atMs);
        boolean answersLeave = leaveAtMs != null && atMs >= leaveAtMs;
        return answersLeave
                ? new SessionEvidence(customerId, startedAtMs, consoleErrors, failedCalls, calls, durations, latest, null, null, null, fired)
                : new SessionEvidence(customerId, startedAtMs, consoleErrors, failedCalls, calls, durations, latest, leaveAtMs,
                leaveDurationMs, leaveDeadlineMs, fired);
    }

    SessionEvidence waitingLeave(long atMs, double durationMs, long deadlineMs) {
        return new SessionEvidence(customerId, startedAtMs, consoleErrors, failedCalls, calls, durations, lastViewAtMs, atMs,
                durationMs, deadlineMs, fired);
    }

    SessionEvidence leaveJudged() {
        return new SessionEvidence(customerId, startedAtMs, consoleErrors, failedCalls, calls, durations, lastViewAtMs, null,
                null, null, fired);
    }

    /** Whether a page view at or after {@code atMs} has been seen already (it arrived before the leave). */
    boolean viewedSince(long atMs) {
        return lastViewAtMs != null && lastViewAtMs >= atMs;
    }

    boolean hasFired(String trigger) {
        return fired.contains(trigger);
    }

    SessionEvidence firing(String trigger) {
        return new SessionEvidence(customerId, startedAtMs, consoleErrors, failedCalls, calls, durations, lastViewAtMs, leaveAtMs,
                leaveDurationMs, leaveDeadlineMs, Stream.concat(fired.stream(), Stream.of(trigger)).toList());
    }

    /** The 95th percentile of the call durations: the smallest duration at least 95 % of the calls do not exceed. */
    double p95() {
        return durations == null ? 0 : sketch().getQuantile(0.95);
    }

    private KllDoublesSketch sketch() {
        return durations == null ? KllDoublesSketch.newHeapInstance(SKETCH_K)
                : KllDoublesSketch.heapify(Memory.wrap(Base64.getDecoder().decode(durations)));
    }
}
