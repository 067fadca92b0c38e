package io.engagement.alert.detection;

import org.apache.datasketches.kll.KllDoublesSketch;
import org.apache.datasketches.memory.Memory;

import java.util.Base64;

/**
 * One rule's evidence in one window for one subject: a count, whether the window's alert has been
 * raised, and for latency a KLL sketch of the call durations (exact until it holds more than k
 * values). Stored as text: {@code count raised [sketch]}.
 */
record WindowState(long count, boolean raised, KllDoublesSketch durations) {

    static final int SKETCH_K = 200;

    static WindowState empty() {
        return new WindowState(0, false, null);
    }

    static WindowState decode(String encoded) {
        if (encoded == null) {
            return empty();
        }
        String[] fields = encoded.split(" ", 3);
        KllDoublesSketch sketch = fields.length == 3
                ? KllDoublesSketch.heapify(Memory.wrap(Base64.getDecoder().decode(fields[2]))) : null;
        return new WindowState(Long.parseLong(fields[0]), fields[1].equals("1"), sketch);
    }

    String encoded() {
        String head = count + " " + (raised ? "1" : "0");
        return durations == null ? head : head + " " + Base64.getEncoder().encodeToString(durations.toByteArray());
    }

    WindowState counted() {
        return new WindowState(count + 1, raised, durations);
    }

    WindowState withDuration(double durationMs) {
        KllDoublesSketch sketch = durations == null ? KllDoublesSketch.newHeapInstance(SKETCH_K) : durations;
        sketch.update(durationMs);
        return new WindowState(count + 1, raised, sketch);
    }

    /** The 95th percentile: the smallest duration at least 95 % of the calls do not exceed. */
    double p95() {
        return durations == null || durations.isEmpty() ? 0 : durations.getQuantile(0.95);
    }

    WindowState markedRaised() {
        return new WindowState(count, true, durations);
    }
}
