package io.engagement.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CPU time of processes as the kernel counts it: user plus system time of every thread, from
 * {@code /proc/<pid>/stat}, in seconds. Read before and after a stretch of work, the difference is
 * what each process spent on it, whatever its threads did; on a system without {@code /proc} every
 * figure is NaN.
 */
final class ProcessCpu {

    /** The name the benchmark's own JVM is reported under: it hosts the broker and the database. */
    static final String BENCHMARK_JVM = "benchmark JVM (broker, database, client)";

    private static final double TICKS_PER_SECOND = ticksPerSecond();

    private ProcessCpu() {
    }

    /** CPU seconds of each named process and of this JVM, in the order given, this JVM last. */
    static Map<String, Double> sample(Map<String, Long> pidsByName) {
        Map<String, Double> seconds = new LinkedHashMap<>();
        pidsByName.forEach((name, pid) -> seconds.put(name, secondsOf(Path.of("/proc", Long.toString(pid), "stat"))));
        seconds.put(BENCHMARK_JVM, secondsOf(Path.of("/proc/self/stat")));
        return seconds;
    }

    /** What each process spent between two samples. */
    static Map<String, Double> between(Map<String, Double> before, Map<String, Double> after) {
        Map<String, Double> spent = new LinkedHashMap<>();
        after.forEach((name, seconds) -> spent.put(name, seconds - before.getOrDefault(name, Double.NaN)));
        return spent;
    }

    private static double secondsOf(Path stat) {
        try {
            String line = Files.readString(stat, StandardCharsets.US_ASCII);
            // the command name in parentheses may hold spaces; fields 14 and 15 (utime, stime) follow it
            String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) / TICKS_PER_SECOND;
        } catch (IOException | RuntimeException unreadable) {
            return Double.NaN;
        }
    }

    /** The kernel's clock ticks per second ({@code getconf CLK_TCK}), 100 on practically every Linux. */
    private static double ticksPerSecond() {
        try {
            Process getconf = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
            String answer = new String(getconf.getInputStream().readAllBytes(), StandardCharsets.US_ASCII).strip();
            return getconf.waitFor() == 0 ? Double.parseDouble(answer) : 100;
        } catch (IOException | RuntimeException unknown) {
            return 100;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return 100;
        }
    }
}
