package io.engagement.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/** Loads a data set as numbered batches, a few in flight: each worker takes the next batch until none is left. */
final class Batches {

    /** One batch's work; its failure stops the load. */
    interface Batch {
        void send(int batch) throws Exception;
    }

    private Batches() {
    }

    static void inParallel(int batches, int workers, Batch work) throws Exception {
        AtomicInteger next = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                running.add(pool.submit(() -> {
                    for (int batch = next.getAndIncrement(); batch < batches; batch = next.getAndIncrement()) {
                        work.send(batch);
                    }
                    return null;
                }));
            }
            for (Future<?> worker : running) {
                worker.get();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
