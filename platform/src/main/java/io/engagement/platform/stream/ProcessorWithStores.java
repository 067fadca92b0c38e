package io.engagement.platform.stream;

import org.apache.kafka.streams.processor.api.Processor;
import org.apache.kafka.streams.processor.api.ProcessorSupplier;
import org.apache.kafka.streams.state.StoreBuilder;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;

/**
 * A processor that brings its own state stores: Kafka Streams adds them to the topology and
 * connects them to the processor where it is added, so a topology built by a binder function needs
 * no store beans (which the Kafka Streams binder would add to every function's topology).
 */
public final class ProcessorWithStores<KIn, VIn, KOut, VOut> implements ProcessorSupplier<KIn, VIn, KOut, VOut> {

    private final Supplier<Processor<KIn, VIn, KOut, VOut>> processor;
    private final Set<StoreBuilder<?>> stores;

    private ProcessorWithStores(Supplier<Processor<KIn, VIn, KOut, VOut>> processor, StoreBuilder<?>... stores) {
        this.processor = processor;
        this.stores = new LinkedHashSet<>(Arrays.asList(stores));
    }

    public static <KIn, VIn, KOut, VOut> ProcessorWithStores<KIn, VIn, KOut, VOut> of(
            Supplier<Processor<KIn, VIn, KOut, VOut>> processor, StoreBuilder<?>... stores) {
        return new ProcessorWithStores<>(processor, stores);
    }

    @Override
    public Processor<KIn, VIn, KOut, VOut> get() {
        return processor.get();
    }

    @Override
    public Set<StoreBuilder<?>> stores() {
        return stores;
    }
}
