package sn.xaalis.pages;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * Every message bundle exists in French and English with the same keys, none empty, in UTF-8; every key
 * the templates and the Java code use is in both (see {@link MessageBundleCheck} for how keys are found).
 */
class MessageBundlesTest {

    private static final Path FIXTURES = Path.of("src/test/resources/pages-fixtures");

    @Test
    void theBundlesAreCompleteInBothLanguagesAndHoldEveryKeyInUse() {
        PageSources.assertNone(
                "message bundle offences",
                MessageBundleCheck.offences(Path.of("src/main/resources"), Path.of("src/main/java")));
    }

    @Test
    void goodBundlesAndTemplatesPass() {
        PageSources.assertNone(
                "offences in the good fixture",
                MessageBundleCheck.offences(FIXTURES.resolve("good"), FIXTURES.resolve("good/java")));
    }

    @Test
    void badBundlesAndTemplatesFailWithEveryOffenceNamed() {
        assertThat(MessageBundleCheck.offences(FIXTURES.resolve("bad"), FIXTURES.resolve("bad/java")))
                .containsExactlyInAnyOrder(
                        "i18n/shop.properties: not a <name>_fr.properties or <name>_en.properties bundle, nor an empty base",
                        "i18n/extra_en.properties: missing (every bundle exists in [fr, en])",
                        "i18n/latin_fr.properties: not valid UTF-8",
                        "i18n/shop_fr.properties: shop.title is defined twice",
                        "i18n/shop_fr.properties: shop.empty is empty",
                        "i18n/shop_fr.properties: shop.garbled looks mis-encoded (RÃ©ussi)",
                        "i18n: shop.title is in both extra_fr and shop_fr (only the first bundle listed is read)",
                        "i18n/shop_en.properties: shop.only.fr is missing (it is in shop_fr)",
                        "i18n/shop_fr.properties: shop.only.en is missing (it is in shop_en)",
                        "application.yml: spring.messages.basename does not list i18n/extra",
                        "application.yml: spring.messages.basename does not list i18n/latin",
                        "templates/page.html:9: shop.missing is in no fr bundle",
                        "templates/page.html:9: shop.missing is in no en bundle",
                        "templates/page.html:10: no fr key starts with state. (a key built at run time)",
                        "templates/page.html:10: no en key starts with state. (a key built at run time)",
                        "Bad.java:3: shop.gone is in no fr bundle",
                        "Bad.java:3: shop.gone is in no en bundle",
                        "Bad.java:4: no fr key starts with state. (a key built at run time)",
                        "Bad.java:4: no en key starts with state. (a key built at run time)",
                        "Bad.java:7: shop.unknown is in no fr bundle",
                        "Bad.java:7: shop.unknown is in no en bundle");
    }
}
