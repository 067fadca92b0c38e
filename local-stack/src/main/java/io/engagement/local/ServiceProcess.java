package io.engagement.local;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** One service of the stack, run from its runnable jar as a child process. */
final class ServiceProcess {

    private static final long STOP_GRACE_SECONDS = 15;

    private final String module;
    private final int port;
    private final Map<String, String> environment;
    private final FleetSettings settings;
    private Process process;

    ServiceProcess(String module, int port, Map<String, String> environment, FleetSettings settings) {
        this.module = module;
        this.port = port;
        this.environment = Map.copyOf(environment);
        this.settings = settings;
    }

    String module() {
        return module;
    }

    int port() {
        return port;
    }

    Path logFile() {
        return settings.logDirectory().resolve(module + ".log");
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
            throw new UncheckedIOException("cannot start " + module, e);
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
