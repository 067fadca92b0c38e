package io.engagement.testkit;

/**
 * Where a test's real Kafka broker and MongoDB server are.
 *
 * @param kafkaBootstrapServers Kafka's bootstrap servers
 * @param mongoUri              a MongoDB connection string without a database
 * @param description           what runs them, for test logs
 */
public record Infrastructure(String kafkaBootstrapServers, String mongoUri, String description) {
}
