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
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        beans.registerSingleton("mongoClientSettings", MongoClientSettings.builder().build());
        MongoClientSettings.Builder builder = MongoClientSettings.builder()
                .transportSettings(TransportSettings.nettyBuilder().build());

        new PlatformAutoConfiguration().mongoAsyncTransport(beans.getBeanProvider(MongoClientSettings.class)).customize(builder);

        assertThat(builder.build().getTransportSettings()).isInstanceOf(AsyncTransportSettings.class);
    }

    @Test
    void aTransportTheSettingsNameIsKept() {
        DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
        NettyTransportSettings netty = TransportSettings.nettyBuilder().build();
        beans.registerSingleton("mongoClientSettings", MongoClientSettings.builder().transportSettings(netty).build());
        MongoClientSettings.Builder builder = MongoClientSettings.builder(beans.getBean(MongoClientSettings.class));

        new PlatformAutoConfiguration().mongoAsyncTransport(beans.getBeanProvider(MongoClientSettings.class)).customize(builder);

        assertThat(builder.build().getTransportSettings()).isSameAs(netty);
    }
}
