package io.engagement.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Java Flight Recordings of running processes for a stretch of a benchmark, started through
 * {@code jcmd}, so the profile covers exactly the phase measured and not the start-up. One file
 * per process, {@code <directory>/<name>.jfr}, written when the recording's time is up; read them
 * with {@code jfr print --events jdk.ExecutionSample} or {@code jfr summary}.
 */
final class FlightRecordings {

    private FlightRecordings() {
    }

    /**
     * Starts a recording of {@code duration} after {@code delay} in each named process and in this
     * JVM; answers where each will be.
     */
    static Map<String, Path> start(Map<String, Long> pidsByName, Path directory, Duration delay, Duration duration) throws IOException {
        Files.createDirectories(directory);
        Map<String, Long> processes = new LinkedHashMap<>(pidsByName);
        processes.put("benchmark-jvm", ProcessHandle.current().pid());
        Map<String, Path> recordings = new LinkedHashMap<>();
        processes.forEach((name, pid) -> {
            Path file = directory.resolve(name + ".jfr").toAbsolutePath();
            if (jcmd(pid, "JFR.start", "name=bench", "delay=" + delay.toSeconds() + "s", "duration=" + duration.toSeconds() + "s", "filename=" + file)) {
                recordings.put(name, file);
            }
        });
        System.out.printf("  recording %d processes for %d s after %d s into %s%n", recordings.size(), duration.toSeconds(),
                delay.toSeconds(), directory);
        return recordings;
    }

    private static boolean jcmd(long pid, String... command) {
        try {
            String[] line = new String[command.length + 2];
            line[0] = "jcmd";
            line[1] = Long.toString(pid);
            System.arraycopy(command, 0, line, 2, command.length);
            Process jcmd = new ProcessBuilder(line).redirectErrorStream(true).start();
            String answer = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (jcmd.waitFor() != 0 || !answer.contains("Recording")) {
                System.out.printf("  no recording of %d: %s%n", pid, answer.strip());
                return false;
            }
            return true;
        } catch (IOException failure) {
            System.out.printf("  no recording of %d: %s%n", pid, failure.getMessage());
            return false;
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
