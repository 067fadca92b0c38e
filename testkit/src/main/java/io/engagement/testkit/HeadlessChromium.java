package io.engagement.testkit;

import org.openqa.selenium.OutputType;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.logging.Level;

/**
 * Debian's headless Chromium driven through its chromedriver, as the browser tests use it: both
 * binaries named, so Selenium Manager never looks for a browser or a driver on the network, and a
 * fresh profile under {@code target/} each time.
 */
public final class HeadlessChromium {

    public static final Path CHROMIUM = Path.of(System.getProperty("engagement.chromium", "/usr/bin/chromium"));
    public static final Path CHROMEDRIVER = Path.of(System.getProperty("engagement.chromedriver", "/usr/bin/chromedriver"));

    private HeadlessChromium() {
    }

    public static ChromeDriver start(String profilePrefix) {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            throw new IllegalStateException("Chromium and chromedriver are needed for the browser tests (.ci/run installs Debian's "
                    + "chromium and chromium-driver): " + CHROMIUM + ", " + CHROMEDRIVER);
        }
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort()
                .build();
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        ChromeOptions options = new ChromeOptions()
                .setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
                        "--autoplay-policy=no-user-gesture-required",
                        "--user-data-dir=" + profile(profilePrefix));
        options.setCapability("goog:loggingPrefs", logs);
        return new ChromeDriver(service, options);
    }

    /** A PNG of the browser's viewport at {@code file}, for a person to look at after the run. */
    public static void screenshot(ChromeDriver browser, Path file) {
        try {
            Files.createDirectories(file.getParent());
            Files.write(file, browser.getScreenshotAs(OutputType.BYTES));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Path profile(String prefix) {
        try {
            return Files.createTempDirectory(Files.createDirectories(Path.of("target")), prefix + "-").toAbsolutePath();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
