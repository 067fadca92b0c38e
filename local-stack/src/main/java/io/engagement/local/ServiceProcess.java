package io.engagement.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One replica of a service of the stack, run from its runnable jar as a child process. */
final class ServiceProcess {

    private static final long STOP_GRACE_SECONDS = 15;

    private final String module;
    private final String name;
    private final int port;
    private final Map<String, String> environment;
    private final FleetSettings settings;
    private Process process;

    /** {@code name}: the module for its first replica, {@code <module>-2} and so on for the others. */
    ServiceProcess(String module, String name, int port, Map<String, String> environment, FleetSettings settings) {
        this.module = module;
        this.name = name;
        this.port = port;
        this.environment = Map.copyOf(environment);
        this.settings = settings;
    }

    String module() {
        return module;
    }

    String name() {
        return name;
    }

    int port() {
        return port;
    }

    Path logFile() {
        return settings.logDirectory().resolve(name + ".log");
    }

    synchronized void start() {
        if (isRunning()) {
            return;
        }
        try {
            Files.createDirectories(settings.logDirectory());
            ProcessBuilder builder = new ProcessBuilder(command())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()));
            builder.environment().putAll(environment);
            process = builder.start();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + name, e);
        }
    }

    synchronized boolean isRunning() {
        return process != null && process.isAlive();
    }

    /** SIGTERM first, so the service shuts down gracefully; killed if it has not ended in time. */
    synchronized void stop() {
        if (process == null) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    /** SIGKILL: the replica ends mid-work, with no chance to commit, flush or leave its consumer group. */
    synchronized void kill() {
        if (process == null) {
            return;
        }
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process = null;
    }

    synchronized Long pid() {
        return process == null ? null : process.pid();
    }

    private List<String> command() {
        Path jar = jar();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build the suite first (./mvnw -B -DskipTests package)");
        }
        List<String> command = new ArrayList<>();
        command.add(ProcessHandle.current().info().command().orElse("java"));
        command.addAll(FleetSettings.heapOf(module));
        command.addAll(settings.javaOptions());
        command.add("-jar");
        command.add(jar.toString());
        return command;
    }

    private Path jar() {
        Path target = settings.repository().resolve(module).resolve("target");
        try (var files = Files.list(target)) {
            return files.filter(file -> file.getFileName().toString().endsWith("-exec.jar"))
                    .findFirst()
                    .orElse(target.resolve(module + "-exec.jar"));
        } catch (IOException missing) {
            return target.resolve(module + "-exec.jar");
        }
    }
}
