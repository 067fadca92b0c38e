package io.engagement.alert.delivery;

import nl.martijndwars.webpush.Utils;
import org.bouncycastle.jce.ECNamedCurveTable;
import org.bouncycastle.jce.interfaces.ECPrivateKey;
import org.bouncycastle.jce.interfaces.ECPublicKey;
import org.bouncycastle.jce.provider.BouncyCastleProvider;
import org.bson.Document;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.data.mongodb.core.ReactiveMongoTemplate;
import org.springframework.data.mongodb.core.query.Criteria;
import org.springframework.data.mongodb.core.query.Query;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.Security;
import java.time.Duration;
import java.util.Base64;

/**
 * The VAPID key pair: from configuration, or generated once and stored in the database (the first
 * instance to store one wins; the others read it back).
 */
@Component
@EnableConfigurationProperties(PushSettings.class)
class VapidKeys {

    static final String SETTINGS = "alert_settings";
    private static final String ID = "vapid";

    static {
        if (Security.getProvider(BouncyCastleProvider.PROVIDER_NAME) == null) {
            Security.addProvider(new BouncyCastleProvider());
        }
    }

    private final ReactiveMongoTemplate mongo;
    private final PushSettings settings;
    private final Mono<KeyPair> keys;

    VapidKeys(ReactiveMongoTemplate mongo, PushSettings settings) {
        this.mongo = mongo;
        this.settings = settings;
        this.keys = Mono.defer(this::load).cache(loaded -> Duration.ofDays(36_500), failed -> Duration.ZERO, () -> Duration.ZERO);
    }

    Mono<KeyPair> keyPair() {
        return keys;
    }

    /** The public key as a browser's {@code applicationServerKey} takes it (base64url). */
    Mono<String> publicKey() {
        return keys.map(pair -> encode(Utils.encode((ECPublicKey) pair.getPublic())));
    }

    private Mono<KeyPair> load() {
        if (settings.hasKeys()) {
            return Mono.fromCallable(() -> decode(settings.vapidPublicKey(), settings.vapidPrivateKey()));
        }
        Query query = Query.query(Criteria.where("_id").is(ID));
        return mongo.findOne(query, Document.class, SETTINGS)
                .switchIfEmpty(Mono.defer(() -> Mono.fromCallable(VapidKeys::generated).subscribeOn(Schedulers.boundedElastic())
                        .flatMap(document -> mongo.insert(document, SETTINGS))
                        .onErrorResume(DuplicateKeyException.class, raced -> mongo.findOne(query, Document.class, SETTINGS))))
                .map(document -> decode(document.getString("public_key"), document.getString("private_key")));
    }

    private static Document generated() throws GeneralSecurityException {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("ECDH", BouncyCastleProvider.PROVIDER_NAME);
        generator.initialize(ECNamedCurveTable.getParameterSpec("prime256v1"));
        KeyPair pair = generator.generateKeyPair();
        return new Document("_id", ID)
                .append("public_key", encode(Utils.encode((ECPublicKey) pair.getPublic())))
                .append("private_key", encode(Utils.encode((ECPrivateKey) pair.getPrivate())));
    }

    private static KeyPair decode(String publicKey, String privateKey) {
        try {
            return new KeyPair(Utils.loadPublicKey(publicKey), Utils.loadPrivateKey(privateKey));
        } catch (GeneralSecurityException malformed) {
            throw new IllegalStateException("the VAPID keys are not a P-256 key pair in base64url", malformed);
        }
    }

    private static String encode(byte[] bytes) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }
}
