package io.engagement.platform.lifecycle;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Ends this service when the process that launched it ends, even when that process was killed and
 * could not stop its children: the local stack leaves no orphans behind.
 */
public final class ParentProcessWatch {

    private static final Logger log = LoggerFactory.getLogger(ParentProcessWatch.class);

    private ParentProcessWatch() {
    }

    public static void watch(long parentPid, ApplicationContext context) {
        ProcessHandle.of(parentPid).ifPresentOrElse(
                parent -> parent.onExit().thenRun(() -> exit(parentPid, context)),
                () -> exit(parentPid, context));
    }

    private static void exit(long parentPid, ApplicationContext context) {
        log.warn("Parent process {} has ended; shutting down", parentPid);
        if (context instanceof ConfigurableApplicationContext configurable && configurable.isActive()) {
            System.exit(SpringApplication.exit(configurable, () -> 0));
        }
    }
}
