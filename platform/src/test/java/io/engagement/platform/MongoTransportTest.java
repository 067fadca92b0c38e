package io.engagement.platform;

import com.mongodb.MongoClientSettings;
import com.mongodb.connection.AsyncTransportSettings;
import com.mongodb.connection.NettyTransportSettings;
import com.mongodb.connection.TransportSettings;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;

import static org.assertj.core.api.Assertions.assertThat;

class MongoTransportTest {

    @Test
    void theDriversOwnTransportWhereTheSettingsNameNone() {
        MongoClientSettings.Builder builder = MongoClientSettings.builder()
                .transportSettings(TransportSettings.nettyBuilder().build());

        customize(MongoClientSettings.builder().build(), builder);

        assertThat(builder.build().getTransportSettings()).isInstanceOf(AsyncTransportSettings.class);
    }

    @Test
    void aTransportTheSettingsNameIsKept() {
        NettyTransportSettings netty = TransportSettings.nettyBuilder().build();
        MongoClientSettings declared = MongoClientSettings.builder().transportSettings(netty).build();
        MongoClientSettings.Builder builder = MongoClientSettings.builder(declared);

        customize(declared, builder);

        assertThat(builder.build().getTransportSettings()).isSameAs(netty);
    }

    /** Runs the platform's customizer as Spring Boot does: with the settings bean declared beside it. */
    private static void customize(MongoClientSettings declared, MongoClientSettings.Builder builder) {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("mongoClientSettings", declared);
        new PlatformAutoConfiguration().mongoAsyncTransport(beans.getBeanProvider(MongoClientSettings.class)).customize(builder);
    }
}
