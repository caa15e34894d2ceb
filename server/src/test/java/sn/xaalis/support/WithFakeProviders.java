package sn.xaalis.support;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.test.context.ContextConfigurationAttributes;
import org.springframework.test.context.ContextCustomizer;
import org.springframework.test.context.ContextCustomizerFactories;
import org.springframework.test.context.ContextCustomizerFactory;
import org.springframework.test.context.MergedContextConfiguration;
import org.springframework.test.context.TestContextAnnotationUtils;

/**
 * Points an {@link IntegrationTest}'s server at the run's {@link FakeProviders#shared() fake providers}
 * with one of a few fixed setups. Test classes with the same setup share one Spring context: a
 * {@code @DynamicPropertySource} of each class's own would give each its own context (Spring keys a
 * context by those methods), each started at a cost of seconds. The class takes the fakes with
 * {@code static final FakeProviders fake = FakeProviders.shared();}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Inherited
@ContextCustomizerFactories(WithFakeProviders.Factory.class)
public @interface WithFakeProviders {

    Setup value();

    /** What the server is told of the providers. */
    enum Setup {
        /**
         * The installation's own accounts at both, and the live adapters' short delays: a provider
         * answering after 0.5 s has timed out, 6 failures in a row open its circuit for 30 s, open live
         * payments are looked up after 1 minute and wait 5 minutes past their deadline for an unreachable
         * provider, 4 one-time codes a minute per customer number.
         */
        LIVE_ADAPTERS,
        /** The installation's own accounts at both, and nothing else changed. */
        INSTALLATION_ACCOUNTS,
        /** The providers' addresses only: no installation account, so each application brings its own. */
        ADDRESSES_ONLY;

        Map<String, String> properties(FakeProviders fake) {
            Map<String, String> properties = new LinkedHashMap<>();
            if (this == ADDRESSES_ONLY) {
                properties.put("xaalis.providers.wallet.base-url", fake.baseUrl());
                properties.put("xaalis.providers.mobilemoney.base-url", fake.baseUrl());
                return properties;
            }
            properties.putAll(fake.installationProperties());
            if (this == LIVE_ADAPTERS) {
                properties.put("xaalis.payments.reconcile-after", "PT1M");
                properties.put("xaalis.providers.http.read-timeout", "PT0.5S");
                properties.put("xaalis.providers.http.circuit-failures", "6");
                properties.put("xaalis.providers.http.circuit-open-for", "PT30S");
                properties.put("xaalis.payments.expiry-grace", "PT5M");
                properties.put("xaalis.code-payments.per-phone", "4/1m");
            }
            return properties;
        }
    }

    /** Finds the annotation on the test class; its setup is the context's key. */
    class Factory implements ContextCustomizerFactory {
        @Override
        public ContextCustomizer createContextCustomizer(
                Class<?> testClass, List<ContextConfigurationAttributes> configAttributes) {
            WithFakeProviders with =
                    TestContextAnnotationUtils.findMergedAnnotation(testClass, WithFakeProviders.class);
            return with == null ? null : new Customizer(with.value());
        }
    }

    /** Adds the setup's settings first, as a {@code @DynamicPropertySource} does. */
    record Customizer(Setup setup) implements ContextCustomizer {
        @Override
        public void customizeContext(ConfigurableApplicationContext context, MergedContextConfiguration configuration) {
            Map<String, Object> properties = new LinkedHashMap<>(setup.properties(FakeProviders.sharedInstance()));
            context.getEnvironment()
                    .getPropertySources()
                    .addFirst(new MapPropertySource("fake-providers-" + setup, properties));
        }
    }
}
